import * as v from 'valibot';
import { authPage, redirectSearch } from './kit';

/** The public pages: signing in, activation, a forgotten password and the two steps. */
export const authRoutes = [
  authPage('/inloggen', 'Inloggen', () => import('../features/auth/pages/LoginPage'), 'LoginPage', redirectSearch),
  authPage(
    '/activeren/$token',
    'Account aanmaken',
    () => import('../features/auth/pages/ActivatePage'),
    'ActivatePage',
  ),
  authPage(
    '/wachtwoord-vergeten',
    'Wachtwoord vergeten',
    () => import('../features/auth/pages/ForgotPasswordPage'),
    'ForgotPasswordPage',
  ),
  authPage(
    '/wachtwoord-vergeten/succes',
    'Wachtwoord vergeten',
    () => import('../features/auth/pages/ForgotPasswordSuccessPage'),
    'ForgotPasswordSuccessPage',
  ),
  authPage(
    '/wachtwoord-vernieuwen/succes',
    'Wachtwoord vernieuwd',
    () => import('../features/auth/pages/ResetPasswordSuccessPage'),
    'ResetPasswordSuccessPage',
  ),
  authPage(
    '/wachtwoord-vernieuwen/$token',
    'Wachtwoord vernieuwen',
    () => import('../features/auth/pages/ResetPasswordPage'),
    'ResetPasswordPage',
    v.looseObject({ email: v.optional(v.string()) }),
  ),
  authPage(
    '/tweestapsverificatie',
    'Tweestapsverificatie',
    () => import('../features/auth/pages/TwoFactorIntroPage'),
    'TwoFactorIntroPage',
    redirectSearch,
  ),
  authPage(
    '/tweestapsverificatie/qr',
    'Tweestapsverificatie',
    () => import('../features/auth/pages/TwoFactorCodePage'),
    'TwoFactorCodePage',
    redirectSearch,
  ),
  authPage(
    '/tweestapsverificatie/succes',
    'Tweestapsverificatie',
    () => import('../features/auth/pages/TwoFactorSuccessPage'),
    'TwoFactorSuccessPage',
    redirectSearch,
  ),
];
