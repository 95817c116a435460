/** Profile, notifications and push (spec §5, §8, decisions.md). */
export const ProfileMessages = {
  pushNotSupported: 'push not supported',
  pushTurnedOn: 'Push notifications are on.',

  // Profile (spec §5, §8)
  aboutMeMin: 'About me must be at least 10 characters.',
  hoursInvalid: 'Enter a time as hours:minutes, e.g. 08:00.',
  timezoneInvalid: 'Choose a time zone from the list.',
  phoneInvalid: 'Enter a phone number with digits, spaces and + - ( ) only.',
  moodInvalid: 'Choose one of the moods.',
  imageRequired: 'Send an image, or null to remove it.',
  basicInfoUpdated: 'User basic info updated successfully',
  aboutMeUpdated: 'User about me updated successfully.',
  coverUpdated: 'User profile cover updated successfully',
  avatarUpdated: 'User avatar updated successfully',
  availabilityUpdated: 'User availability hours updated successfully',
  skillsUpdated: 'User skills updated successfully.',
  moodUpdated: 'Your mood is updated.',
  funPicUpdated: 'Fun pic updated successfully.',

  // Changing the account's e-mail (decisions.md: current password and a code sent to the new address)
  currentPasswordRequired: 'Current password is required.',
  currentPasswordWrong: 'The current password is incorrect.',
  emailUnchanged: 'This is already your e-mail address.',
  emailCodeSent: 'We sent a code to the new address. Your e-mail stays as it is until you enter it.',
  emailChanged: 'Your e-mail address has been changed. Your other devices have been signed out.',
  /** POST user/profile/bio with another e-mail: the rest is saved, the e-mail is not. */
  emailNeedsConfirmation:
    'User basic info updated successfully. Your e-mail was not changed: a new e-mail needs your password and a code sent to it.',
  changeEmailTitle: 'Change e-mail address',
  changeEmailPasswordStep: (email: string) =>
    `To change your e-mail to ${email}, enter your current password. We will send a code to the new address.`,
  changeEmailCodeStep: (email: string) =>
    `Enter the 6-digit code we sent to ${email}. Your e-mail stays as it is until then.`,
  sendCode: 'Send Code',
  confirmCode: 'Confirm',
  resendCode: 'Send a new code',
} as const;
