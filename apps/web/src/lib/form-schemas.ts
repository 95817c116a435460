/**
 * The contract's form schemas and their react-hook-form resolver, in one chunk that `formResolver`
 * downloads on first use: it holds zod, which no screen needs to render (the API client sends
 * plain JSON; the server validates).
 */
export { zodResolver } from '@hookform/resolvers/zod';
export {
  aboutMeSchema,
  bioSchema,
  celebrationSchema,
  changePasswordSchema,
  commentSchema,
  createSlideshowForm,
  createVideoForm,
  confirmEmailChangeSchema,
  createTeamSchema,
  createTaskSchema,
  createTodoListSchema,
  emailChangeSchema,
  emailOnlySchema,
  joinTeamSchema,
  loginCodeSchema,
  loginSchema,
  portfolioSettingsInput,
  registerSchema,
  resetPasswordSchema,
  textPostSchema,
  topicSchema,
  verifyAccountSchema,
  verifyResetTokenSchema,
} from '@rally/contract';
