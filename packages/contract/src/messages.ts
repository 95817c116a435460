/** '5 minutes', '1 hour', '3 hours': how long to wait, rounded up. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** Every user-facing string the spec gives (§5 validation, §8 errors), in one place. */
export const Messages = {
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required',
  passwordMin: 'Password cannot be less then 4 words',
  /** Server-side only: the password is on the list of the most common ones (auth/common-passwords.ts). */
  passwordTooCommon: 'This password is too common. Please choose another.',
  passwordsMustMatch: 'Passwords Must Match',
  passwordConfirmationRequired: 'Password Confirmation is requried.',
  changePasswordConfirmationRequired: 'Password confirmation is required',
  oldPasswordRequired: 'Old Password is required',
  fieldRequired: 'This field is required',
  codeRequired: 'Verification code is required.',
  codeMin: 'The code must be at least 4 characters.',
  tokenRequired: 'Reset code is required.',
  tokenMin: 'The reset code must be at least 4 characters.',
  tooLong: 'This value is too long.',

  // Server answers
  invalidCredentials: 'These credentials do not match our records.',
  accountNotVerified: 'Your account is not verified. Enter the code we sent to your e-mail.',
  emailTaken: 'The email has already been taken.',
  codeInvalid: 'The verification code is invalid or has expired.',
  resetCodeInvalid: 'The reset code is invalid or has expired.',
  codeSent: 'A verification code has been sent to your e-mail.',
  resetSent: 'If an account exists for that e-mail, a reset code has been sent to it.',
  resetCodeValid: 'The reset code is valid.',
  passwordReset: 'You have successfully reset your password.',
  oldPasswordWrong: 'The old password is incorrect.',
  /** Password sign-in of an account under attack (ADR 0021): the same answer, right password or wrong. */
  loginLocked:
    'Too many failed sign-ins for this account. To keep it safe, sign in with a code we e-mail you instead.',
  loginCodeSent: 'If an account exists for that e-mail, a sign-in code has been sent to it.',
  loginCodeInvalid: 'The sign-in code is invalid or has expired.',
  emailNotYours: 'The email does not match your account.',
  loggedOut: 'You have been signed out.',
  registered: 'Your account has been created. Enter the code we sent to your e-mail.',
  verified: 'Your account has been verified.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  validationFailed: 'The given data was invalid.',
  malformedJson: 'The request body is not valid JSON.',
  malformedMultipart: 'The upload form is malformed.',
  nothingToUpdate: 'Send a new name or picture.',
  controlCharacters: 'This field contains characters that are not allowed.',
  bodyTooLarge: 'The request body is too large.',
  oneFileOnly: 'Send one file at a time.',
  tooManyFormFields: 'The upload form has too many fields.',
  unsupportedMediaType: 'Unsupported media type.',
  unsupportedVersion: 'Unsupported API version. Send Accept-version: 1.3.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  serverError: 'Something went wrong. Please try again.',

  // Teams (spec §5, §8)
  teamNameRequired: 'Engagement name is required.',
  teamNameTooLong: 'Engagement name may not be longer than 50 characters.',
  lettersDigitsSpaces: 'Only letters, digits and spaces are allowed.',
  joinCodeRequired: 'Join code is required.',
  joinCodeInvalid: 'The code you provided was invalid',
  alreadyMember: 'You are already a member of this team.',
  inviteEmpty: 'Please add an email to send invitiatons.',
  inviteTooMany: 'You can invite at most 50 people at once.',
  /** Past the per-user cap of invitation mails an hour or a day; nothing of the call was sent. */
  inviteCapReached: (retryAfterSeconds: number) =>
    `You have invited too many people recently, so these invitations were not sent. Try again in ${waitText(retryAfterSeconds)}.`,
  invitationsSent: 'Invitations were sent successfully',
  roleInvalid: 'The role must be 3 (admin) or 4 (member).',
  levelInvalid: 'Choose one of the four levels of engagement.',
  ownerRoleFixed: 'The Super Admin role cannot be changed.',
  ownerCannotBeRemoved: 'The Super Admin cannot be removed from the team.',
  needCoachPlan: 'You need to subscribe to Coach plan to create coaching engagements.',
  subscriptionInactive: 'Your subscription is not active. Kindly activate your subscription plan',
  teamInactive: 'This engagement is inactive until its coach has an active Coach plan.',
  teamCreated: 'Your engagement has been created.',
  teamDeleted: 'The coaching has been deleted.',
  teamNameUpdated: 'Team name updated successfully.',
  teamPictureUpdated: 'Team profile picture updated successfully.',
  levelUpdated: 'Level of engagement updated.',
  imageInvalid: 'The picture must be a PNG, JPEG or WebP image.',
  imageTooLarge: 'The picture may not be larger than 5 MB.',
  deleteCoachingTitle: 'Delete Coaching Confirmation',
  deleteCoachingBody: 'Do you want to delete this coaching, kindly confirm.',
  noTeams: 'Currently you do not have any teams',
  noTeamsShort: "You don't have any teams.",
  noInvitations: 'There is no invitation',
  seenItAll: 'Yay! You have seen it all',
  inviteSendFailedWith: (message: string) => `Error occurred (${message}) invitations were not sent`,
  inviteSendFailed: 'Error occurred, invitations were not sent',
  acceptedInvitation: (team: string) => `You have accepted your invitation from ${team} team`,
  rejectedInvitation: (team: string) => `You have rejected your invitation from ${team} team`,
  roleChanged: (name: string) => `${name} role has been changed.`,
  memberRemoved: (name: string) => `${name} has removed from the team.`,
  makeAdminConfirm: (name: string) => `Make ${name} an Admin?`,
  removeAdminConfirm: (name: string) => `Remove ${name} from an Admin?`,
  removeMemberConfirm: (name: string) => `Remove ${name} from this team?`,
  trialEndsTomorrow: 'Your Coach trial ends tomorrow. Add your payment details to continue with the Coaching plan.',
  switchedToMember:
    'Your Coach trial has expired and no payment details were added, so your subscription was switched to the Member plan.',

  // Screens
  passwordChanged: 'Password changed successfully.',
  passwordUpdateFailed: 'Password update failed.',
  resetDone: 'You have successfully reset your password.',
} as const;
