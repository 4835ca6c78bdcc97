/**
 * The account screens' chunk: loaded on demand (screens/account-pages.tsx) so the landing page
 * never downloads the forms, react-hook-form or the zod schemas.
 */
export { AuthPage } from './components/auth-screen.tsx';
export { ForgotPasswordPage } from './components/forgot-password-screen.tsx';
export { ResetPasswordPage } from './components/reset-password-screen.tsx';
