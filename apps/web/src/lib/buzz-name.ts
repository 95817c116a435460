/**
 * A buzz reaction's name as every list and button writes it ('great' from the API reads 'Great'):
 * the one place its casing is decided, so the picker, its menu and each list of who reacted agree.
 */
export const buzzName = (buzz: { name: string }) => buzz.name.charAt(0).toUpperCase() + buzz.name.slice(1);
