/**
 * Fewer distinct people than this answered in a period: the team's meter and moods stay hidden
 * (issue 10). Here rather than with the schemas, so a page can say so without loading zod.
 */
export const CHECKIN_ANONYMITY_FLOOR = 3;

/** Check-ins and team statistics (spec §2, §4, §5; decisions.md "Check-ins"): their own object, like PostMessages. */
export const CheckinMessages = {
  needMembers: 'Please add members in your team to initiate the check-in',
  lastInitiatedAt: (time: string) => `Last Check-in initiated at ${time}`,
  tooSoon: 'A new check-in can be requested 4 hours after the last one.',
  requested: 'Your check-in request is on the timeline.',
  question: 'How is everyone feeling today?',
  moodRequired: 'Choose how you feel.',
  privateInvalid: 'private must be true or false.',
  shareOnlyWithCoach: 'Share only with my coach',
  alreadyAnswered: 'You have already answered this check-in.',
  ownCheckin: 'You cannot answer your own check-in.',
  /** After an answer (spec §4): it went to the one who asked. */
  sentTo: (name: string) => `Your check-in was sent to ${name}.`,
  fromDateInvalid: 'from_date must be a date in the form YYYY-MM-DD.',
  tzInvalid: 'tz must be an IANA time zone, such as Europe/Berlin.',
  /** Below the anonymity floor the team's meter and moods are hidden, and say why. */
  hiddenBelowFloor: (floor: number, answered: number) =>
    `Team figures appear once at least ${floor} people have checked in during this period (${answered} so far).`,
  noAnswers: 'No check-in answers in this period.',
} as const;
