/** API paths of spec §7, relative to /api/. One table for server routes and web calls. */
export const ApiPaths = {
  health: 'health',
  login: 'login',
  register: 'register',
  logout: 'logout',
  verifyAccount: 'verify-account',
  resendVerificationCode: 'resend-verification-code',
  forgotPassword: 'forgot-password',
  verifyResetToken: 'verify-reset-token',
  resetPassword: 'reset-password',
  registerDeviceToken: 'register-device-token',
  profile: 'user/profile',
  profileOf: (userId: number | string) => `user/profile/${userId}`,
  changePassword: 'user/profile/password',
} as const;
