/**
 * Contact messages and issue reports. The PWA validates its forms with these
 * schemas and the API validates every request with the same ones.
 */
import { multilineText, text, z } from './zod';
import { CONTACT_CATEGORIES, ISSUE_SEVERITIES, ISSUE_TYPES } from '../constants';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `kind`: `multilineText` for the fields the forms show as textareas. */
function requiredText(label: string, max: number, kind = text) {
  return kind({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

function optionalText(label: string, max: number, kind = text) {
  return kind().max(max, `${label} must be at most ${max} characters`).default('');
}

const email = text({ error: 'Email is required' })
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address');

export const contactMessageSchema = z.strictObject({
  name: requiredText('Name', 100),
  email,
  subject: requiredText('Subject', 200),
  category: z.enum(CONTACT_CATEGORIES, { error: 'Please select a category' }),
  message: requiredText('Message', 5000, multilineText),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** Collected by the browser only when the reporter ticks 'include system info'. */
export const systemInfoSchema = z.strictObject({
  userAgent: text().max(500),
  screen: text().max(50),
  appVersion: text().max(50),
});

export const issueReportSchema = z
  .strictObject({
    issueType: z.enum(ISSUE_TYPES, { error: 'Please select an issue type' }),
    severity: z.enum(ISSUE_SEVERITIES, { error: 'Please select a severity' }),
    title: requiredText('Title', 200),
    description: requiredText('Description', 5000, multilineText),
    stepsToReproduce: optionalText('Steps to reproduce', 5000, multilineText),
    expectedBehavior: optionalText('Expected behavior', 2000, multilineText),
    actualBehavior: optionalText('Actual behavior', 2000, multilineText),
    email,
    steamId: text()
      .regex(/^(\d{17})?$/, 'Steam ID must be 17 digits')
      .default(''),
    includeScreenshot: z.boolean().default(false),
    includeSystemInfo: z.boolean().default(false),
    systemInfo: systemInfoSchema.optional(),
  })
  .refine((report) => report.includeSystemInfo || report.systemInfo === undefined, {
    message: 'System info is sent only when you choose to include it',
    path: ['systemInfo'],
  });
export type IssueReportInput = z.input<typeof issueReportSchema>;
export type IssueReport = z.output<typeof issueReportSchema>;
