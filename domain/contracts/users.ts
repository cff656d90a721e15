/** Answers of the user calls (spec 2 §2.12, §3 User, §7 "Users and roles"), shared by server and web. */
import * as v from 'valibot';
import { pagedSchema } from '../paged';
import { idName, nullableString, timestamp } from './wire';

const userListRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  otp_enabled: v.boolean(),
  activated_at: v.nullable(timestamp),
  created_at: timestamp,
  client_id: v.number(),
  client_name: v.string(),
  roles: v.array(idName),
  /** Rol: the role names, comma separated. */
  role: v.string(),
});
export type UserListRow = v.InferOutput<typeof userListRowSchema>;
/** GET /users. */
export const userListSchema = pagedSchema(userListRowSchema);

/** GET /users/{id} (spec 2 §3 User). */
/** The contact a user account belongs to, with its customer: in the user detail and the session. */
export const userContactSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  email: nullableString,
  phone: nullableString,
  client_id: v.number(),
  client: v.object({ id: v.number(), name: v.string(), client_type_id: v.number() }),
});

export const userDetailSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  otp_enabled: v.boolean(),
  activated: v.boolean(),
  created_at: timestamp,
  roles: v.array(idName),
  contact: userContactSchema,
  /**
   * Whether the signed-in user may change its e-mail, roles or 2FA or delete it: it holds every right this user has
   * (issue 22).
   */
  manageable: v.boolean(),
});
export type UserDetail = v.InferOutput<typeof userDetailSchema>;

/** PUT /users/{id}, POST /{userId}/disable-2fa: the toast text and the user as it is now. */
export const userCommandAnswerSchema = v.object({ message: v.string(), data: userDetailSchema });
