/**
 * Engagement video and slideshow prompts (spec §2–§5, §8; issue 22): the messages both apps show,
 * so the server's errors and the web's checks read the same.
 */
export const PromptMessages = {
  topicRequired: 'Please enter a topic.',
  topicMin: 'Write at least 4 characters.',
  slideshowTopicMax: 'The topic may not be longer than 300 characters.',
  slideshowContentMax: 'The description may not be longer than 500 characters.',
  videoRequired: 'Please attach a video.',
  imagesRequired: 'Please attach at least one image.',
  tooManyImages: 'Attach at most 5 images.',
  imagesOnly: 'Attach .png, .jpg or .jpeg images.',
  videoOnly: 'Team videos must be .mp4 files.',
  captionMax: 'A caption may not be longer than 300 characters.',
  notFound: 'This question no longer exists.',
  initiatorCannotRespond: 'You asked this question: your team answers it.',
  alreadyResponded: 'You have responded already.',
  responsesFull: 'Every response has been received.',
  publishedAlready: 'This has been published already.',
  nothingToPublish: 'There is no response to publish yet.',
  remindNotMember: 'This person is not a member of the team.',
  remindResponded: 'This member has responded already.',
  remindedAlready: 'A reminder was sent to this member already today.',
  /** Spec §8: the success message of a reminder. */
  reminderSent: 'Your reminder has been changed',
  published: 'Published to the team.',
  responseSent: 'Your response is sent.',
  responseHidden: 'The response is hidden from the team.',
  responseShown: 'The response is shown to the team again.',
  /** Spec §4: what a video being converted shows. */
  videoEncoding: 'Video is encoding kindly wait',
  encodingFailed: 'This recording could not be converted. Please record it again.',
  videoTooLong: 'Videos may be at most 60 seconds long.',
  audioTooLong: 'Audio may be at most 10 seconds long.',
  noPlayableStream: 'The file holds no video or audio that can be played.',
  noVideoResponses: 'No video responses found.',
  noImageResponses: 'No image responses found.',
} as const;
