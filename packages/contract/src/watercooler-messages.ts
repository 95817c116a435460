/**
 * The watercooler (spec §2, §4, §5, §8; issue 23): the words both apps use, so the server's errors
 * and the web's screens read the same. Spec §8 named the chat provider ('twilio not supported');
 * Rally runs its own chat, so that message says what is wrong in our words.
 */
export const WatercoolerMessages = {
  /** Spec §2: a team of one sees this with Okay, which leads to the timeline. */
  needsMembers: 'Please add members in your team to initiate the watercooler',
  /** Spec §2: the start dialog. */
  title: 'Watercooler',
  enter: 'Enter Watercooler',
  historyNote: 'Everything said here is removed when the watercooler ends.',
  /** Spec §4: the media fallback when there is a microphone but no camera. */
  noCamera: 'Kindly attach the web cam to see your video.',
  noMedia: 'No camera or microphone could be used: you can still see, hear and chat.',
  /** Spec §4: the lines of joining and leaving. */
  joined: (name: string) => `${name} joined the Watercooler`,
  left: (name: string) => `${name} left the Watercooler`,
  /** Spec §8, in our words. */
  notAvailable: 'The chat is not available right now. Please try again.',
  fetchFailed: 'there is an issue while fetching the messages',
  sendFailed: 'there is an error while sending the message',
  seenAll: 'Yay! you have seen all the messages',
  /** Spec §5: a message needs words or a picture; pictures are .png, .jpg or .jpeg. */
  messageRequired: 'Write a message or attach an image.',
  messageTooLong: 'A message may not be longer than 1000 characters.',
  imagesOnly: 'Attach .png, .jpg or .jpeg images.',
  tooFast: 'You are sending messages too fast. Please wait a moment.',
  /** The access token is missing, forged, for another room, or expired. */
  badToken: 'Your watercooler pass has expired. Please enter again.',
  notMember: 'You are not a member of this team.',
  /** The mesh's limit (WatercoolerLimits.videoCallMax). */
  callFull: (max: number) => `The video call is full: at most ${max} people can be in it.`,
  ended: 'The watercooler has ended.',
} as const;
