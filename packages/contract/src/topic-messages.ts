import { Limits } from './limits.js';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A 'YYYY-MM-DD' day as 'MMM DD, YYYY'. */
const displayDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** The Inspiration topic (spec §2, §5 Topic; docs/adr/0016-topic-of-the-day.md). */
export const TopicMessages = {
  heading: 'Inspiration from today',
  noTopic: 'No topic has been created for this team',
  noInspiration: 'No inspiration yet.',
  contentRequired: 'Please write the topic.',
  contentLength: `The topic must be between ${Limits.topicMin} to ${Limits.topicMax} characters.`,
  publishDateInvalid: 'Choose a valid publish date.',
  publishDatePast: 'The publish date cannot be in the past.',
  publishDateTaken: 'A topic is already planned for this date.',
  publishedDateFixed: 'A published topic keeps its publish date.',
  created: 'Your topic is published.',
  /** `day` is 'YYYY-MM-DD'; the message shows it as 'MMM DD, YYYY' (spec §9). */
  scheduled: (day: string) => `Your topic will be published on ${displayDay(day)}.`,
  updated: 'Your topic has been updated.',
  readOnly: 'Only coaches and admins write the topic.',
} as const;
