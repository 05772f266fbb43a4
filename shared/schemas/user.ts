/**
 * The signed-in user and the profile form. The PWA's form and the API's
 * PATCH /api/user/profile apply the same rules and messages.
 */
import { text, z } from './zod';
import { TRADE_URL_PATTERN } from '../steam';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = text({ error: 'Email is required' })
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address');

export const tradeUrlSchema = text({ error: 'Trade URL is required' })
  .min(1, 'Trade URL is required')
  .max(200, 'Please enter a valid Steam trade URL')
  .regex(TRADE_URL_PATTERN, 'Please enter a valid Steam trade URL');

function namePart(label: 'First' | 'Last') {
  return text({ error: `${label} name is required` })
    .min(1, `${label} name is required`)
    .min(2, `${label} name must be at least 2 characters`)
    .max(40, `${label} name must be at most 40 characters`);
}

/** The profile form as the user fills it: the display name split into first and last name. */
export const profileFormSchema = z.object({
  firstName: namePart('First'),
  lastName: namePart('Last'),
  email: emailSchema,
  tradeUrl: tradeUrlSchema,
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** "First Last…" as the form joins it: the first word and the rest, each at least 2 characters. */
export const displayNameSchema = text({ error: 'First name is required' })
  .max(81, 'Display name must be at most 81 characters')
  .transform((value) => value.replace(/\s+/g, ' '))
  .superRefine((value, ctx) => {
    const [first = '', ...rest] = value.split(' ');
    const last = rest.join(' ');
    if (!first) ctx.addIssue({ code: 'custom', message: 'First name is required' });
    else if (first.length < 2) ctx.addIssue({ code: 'custom', message: 'First name must be at least 2 characters' });
    else if (!last) ctx.addIssue({ code: 'custom', message: 'Last name is required' });
    else if (last.length < 2) ctx.addIssue({ code: 'custom', message: 'Last name must be at least 2 characters' });
  });

/** PATCH /api/user/profile: the sell flow sends only tradeUrl, the profile page all three. */
export const profileUpdateSchema = z
  .strictObject({
    displayName: displayNameSchema.optional(),
    email: emailSchema.optional(),
    tradeUrl: tradeUrlSchema.optional(),
  })
  .refine((update) => Object.keys(update).length > 0, { message: 'Nothing to update' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export type { CurrentUser } from '../answers/user';
