import * as v from 'valibot';
import { email, msg, otpCode, password } from './common';

export const loginSchema = v.object({
  email,
  password: v.pipe(v.string(msg.required), v.nonEmpty(msg.required)),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const passwordRecoverSchema = v.object({ email });

export const passwordResetSchema = v.pipe(
  v.object({
    email,
    password,
    password_confirmation: v.string(msg.required),
    token: v.pipe(v.string(msg.required), v.nonEmpty(msg.required)),
  }),
  // The repeat must equal the password (the message goes on the repeat field), also while other fields fail.
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (i) => i.password === i.password_confirmation,
      msg.passwordRepeat,
    ),
    ['password_confirmation'],
  ),
);

export const activateSchema = v.pipe(
  v.object({
    password,
    password_confirmation: v.string(msg.required),
    token: v.pipe(v.string(msg.required), v.nonEmpty(msg.required)),
    accepted_terms: v.pipe(
      v.union(
        [v.boolean(), v.literal(1), v.literal('1'), v.literal('true')],
        'Je moet de gebruiksvoorwaarden accepteren.',
      ),
      v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
      v.check((x) => x, 'Je moet de gebruiksvoorwaarden accepteren.'),
    ),
  }),
  // The repeat must equal the password (the message goes on the repeat field), also while other fields fail.
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (i) => i.password === i.password_confirmation,
      msg.passwordRepeat,
    ),
    ['password_confirmation'],
  ),
);

export const otpSchema = v.object({ otp_secret: otpCode });

export const resendActivationSchema = v.object({ email });
