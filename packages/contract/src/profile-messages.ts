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
} as const;
