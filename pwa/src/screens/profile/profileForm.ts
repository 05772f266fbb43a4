/**
 * The profile settings form's pure parts: its starting values from the user, the
 * PATCH /api/user/profile body it sends, a single field's message for validation on blur, and the
 * mapping of the server's field errors onto the form's fields.
 */
import { splitDisplayName } from '../../../../shared/format';
import { profileFormSchema, type ProfileForm, type ProfileUpdate } from '../../../../shared/schemas/user';
import type { User } from '../../queries/user';

export type ProfileField = keyof ProfileForm;

/** The form's values for this user: the display name split into first and last name. */
export function profileFormValues(user: Pick<User, 'displayName' | 'email' | 'tradeUrl'>): ProfileForm {
  return {
    ...splitDisplayName(user.displayName),
    email: user.email,
    tradeUrl: user.tradeUrl,
  };
}

/** The update the form saves: the server keeps one display name, "First Last". */
export function profileUpdate(input: ProfileForm): ProfileUpdate {
  return {
    displayName: `${input.firstName} ${input.lastName}`,
    email: input.email,
    tradeUrl: input.tradeUrl,
  };
}

/** The first message the schema gives for one field of these values, if any. */
export function fieldError(values: ProfileForm, name: ProfileField): string | undefined {
  const result = profileFormSchema.safeParse(values);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === name)?.message;
}

/**
 * The server names the display name as one field; the form shows it as first and last name, and
 * the message itself says which part is wrong ('Last name must be at least 2 characters').
 */
export function toFormFieldErrors(fields: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    if (field === 'displayName') mapped[message.startsWith('Last') ? 'lastName' : 'firstName'] = message;
    else mapped[field] = message;
  }
  return mapped;
}
