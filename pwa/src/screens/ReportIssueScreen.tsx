/**
 * Report an Issue (/report-issue): a bug, security, performance, design or payment problem, with
 * its severity, what happened and how to reproduce it. Validated with the schema the API uses
 * (shared/schemas/support.ts) and stored by POST /api/issue-reports; support confirms every report
 * by e-mail. A signed-in user's e-mail and Steam ID are filled in. System information (browser,
 * screen size, app version) is collected only when the reporter ticks the box, and the form shows
 * exactly what will be sent.
 */
import { createdAnswer } from '../../../shared/answers/support';
import { Fragment, useMemo } from 'react';
import {
  Box,
  Button,
  Field,
  Flex,
  Grid,
  Input,
  Separator,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react';
import { Fieldset } from '@chakra-ui/react';
import { RadioCard } from '@chakra-ui/react';
import { Textarea } from '@chakra-ui/react';
import { HeadsetIcon, ListChecksIcon, SendIcon, ShieldExclamationPointIcon } from 'lucide-react';
import { ISSUE_SEVERITIES, ISSUE_TYPES, SUPPORT } from '../../../shared/constants';
import { issueReportSchema, type IssueReport } from '../../../shared/schemas/support';
import { apiFetch } from '../api/client';
import { EmailInput, FormField, FormSection, FormSelect, RequiredFieldsNote, RequiredMark } from '../components/forms/FormField';
import { AsideCard, FormPageLayout } from '../components/forms/FormPageLayout';
import { FormSuccessAlert } from '../components/forms/FormSuccessAlert';
import { useFormSubmission } from '../components/forms/useFormSubmission';
import { useZodForm } from '../components/forms/useZodForm';
import { BulletList, InternalLink } from '../components/LegalPage';
import { useCurrentUser } from '../queries/user';

type IssueType = (typeof ISSUE_TYPES)[number];
type Severity = (typeof ISSUE_SEVERITIES)[number];
type SystemInfo = NonNullable<IssueReport['systemInfo']>;

type IssueFormValues = {
  issueType: string;
  severity: string;
  title: string;
  description: string;
  stepsToReproduce: string;
  expectedBehavior: string;
  actualBehavior: string;
  email: string;
  steamId: string;
  includeScreenshot: boolean;
  includeSystemInfo: boolean;
};

const EMPTY_REPORT: IssueFormValues = {
  issueType: '',
  severity: '',
  title: '',
  description: '',
  stepsToReproduce: '',
  expectedBehavior: '',
  actualBehavior: '',
  email: '',
  steamId: '',
  includeScreenshot: false,
  includeSystemInfo: false,
};

const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
  bug: 'Bug',
  security: 'Security',
  performance: 'Performance',
  ui: 'UI / Design',
  payment: 'Payment',
  other: 'Other',
};

const ISSUE_TYPE_OPTIONS = ISSUE_TYPES.map((type) => ({ value: type, label: ISSUE_TYPE_LABELS[type] }));

const SEVERITY_DETAILS: Record<Severity, { label: string; explanation: string; color: string }> = {
  critical: {
    label: 'Critical',
    explanation: 'Money or items at risk, a security hole, or the site is unusable.',
    color: 'red.400',
  },
  high: {
    label: 'High',
    explanation: 'Buying, selling, deposits or withdrawals do not work.',
    color: 'orange.400',
  },
  medium: {
    label: 'Medium',
    explanation: 'Something is broken, but there is a way around it.',
    color: 'yellow.400',
  },
  low: {
    label: 'Low',
    explanation: 'A cosmetic glitch, a typo or a small annoyance.',
    color: 'blue.400',
  },
};

const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.1.0';

/** What 'Include system information' sends, read when the box is ticked and shown before sending. */
function collectSystemInfo(): SystemInfo {
  return {
    userAgent: navigator.userAgent.slice(0, 500),
    screen: `${window.screen.width}x${window.screen.height}`,
    appVersion: APP_VERSION,
  };
}

function sendIssueReport(report: IssueReport) {
  return apiFetch('/api/issue-reports', createdAnswer, { method: 'POST', body: report });
}

const SCREENSHOT_NOTE_ID = 'include-screenshot-note';
const SYSTEM_INFO_NOTE_ID = 'include-system-info-note';

const aside = (
  <>
    <AsideCard icon={<ListChecksIcon />} title="What happens next">
      <BulletList
        ordered
        items={[
          `We confirm your report by e-mail within ${SUPPORT.issueAcknowledgement}.`,
          'Our team reproduces it and fixes the most severe problems first.',
          'We write to you if we need more details, and again when it is fixed.',
        ]}
      />
    </AsideCard>
    <AsideCard icon={<ShieldExclamationPointIcon />} title="Reporting a security problem?">
      <Text>
        Choose Security as the issue type, and Critical if accounts, money or items are at risk. Never include your
        password, Steam Guard codes or API key: we will never ask for them.
      </Text>
    </AsideCard>
    <AsideCard icon={<HeadsetIcon />} title="Question about an order?">
      <Text>
        For help with a purchase, a sale or a payout, <InternalLink to="/contact-us">contact support</InternalLink>{' '}
        instead; payment questions are answered within {SUPPORT.paymentResponse}.
      </Text>
    </AsideCard>
  </>
);

export default function ReportIssueScreen() {
  const { data: user } = useCurrentUser();
  const form = useZodForm({
    schema: issueReportSchema,
    initialValues: EMPTY_REPORT,
    prefill: user ? { email: user.email, steamId: user.steamId } : undefined,
    // Sends the previewed system info itself (declared below; read only when submitting).
    toInput: (values: IssueFormValues): Record<string, unknown> => ({
      ...values,
      systemInfo: values.includeSystemInfo ? systemInfo : undefined,
    }),
  });
  const { errors, values } = form;
  const systemInfo: SystemInfo | undefined = useMemo(
    () => (values.includeSystemInfo ? collectSystemInfo() : undefined),
    [values.includeSystemInfo],
  );
  const submission = useFormSubmission({
    form,
    send: sendIssueReport,
    successToast: {
      title: 'Issue Report Submitted',
      description: `We'll confirm your report by e-mail within ${SUPPORT.issueAcknowledgement}.`,
    },
    failureTitle: 'Failed to submit report',
  });

  return (
    <FormPageLayout
      title="Report an Issue"
      subtitle={`Found a bug, a slow page or a security problem? Tell us what happened; we confirm every report by e-mail within ${SUPPORT.issueAcknowledgement}.`}
      aside={aside}
      asideLabel="About issue reports"
    >
      <form ref={form.formRef} noValidate onSubmit={submission.handleSubmit} aria-label="Issue report">
        <Stack gap={{ base: 7, md: 8 }}>
          {submission.success && (
            <FormSuccessAlert key={submission.success.key} title="Thanks, your report is in" onDismiss={submission.dismissSuccess}>
              We'll confirm it at {submission.success.input.email} within {SUPPORT.issueAcknowledgement}
              {submission.success.input.includeScreenshot ? ' and ask you for the screenshot' : ''}. Found something else?
              Report it below.
            </FormSuccessAlert>
          )}
          <RequiredFieldsNote />

          <FormSection headingId="issue-section-problem" title="The problem">
            <FormField label="Issue type" required error={errors.issueType} maxW={{ md: 'sm' }}>
              <FormSelect {...form.selectProps('issueType')} placeholder="Select an issue type" options={ISSUE_TYPE_OPTIONS} />
            </FormField>

            <Fieldset.Root invalid={Boolean(errors.severity)} size="sm">
              <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg" mb={0}>
                Severity
                <RequiredMark />
              </Fieldset.Legend>
              <RadioCard.Root {...form.radioProps('severity')} required size="sm" variant="outline">
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
                  {ISSUE_SEVERITIES.map((severity) => {
                    const details = SEVERITY_DETAILS[severity];
                    return (
                      <RadioCard.Item key={severity} value={severity} borderColor={errors.severity ? 'border.error' : undefined}>
                        <RadioCard.ItemHiddenInput />
                        <RadioCard.ItemControl>
                          <RadioCard.ItemContent>
                            <RadioCard.ItemText display="flex" alignItems="center" gap={2} fontWeight="semibold">
                              <Box boxSize="2" borderRadius="full" bg={details.color} aria-hidden="true" />
                              {details.label}
                            </RadioCard.ItemText>
                            <RadioCard.ItemDescription>{details.explanation}</RadioCard.ItemDescription>
                          </RadioCard.ItemContent>
                          <RadioCard.ItemIndicator />
                        </RadioCard.ItemControl>
                      </RadioCard.Item>
                    );
                  })}
                </SimpleGrid>
              </RadioCard.Root>
              <Fieldset.ErrorText display="inline-flex" alignItems="center" gap={1} textStyle="xs" fontWeight="medium">
                <Field.ErrorIcon boxSize="3.5" />
                {errors.severity}
              </Fieldset.ErrorText>
            </Fieldset.Root>

            <FormField label="Title" required error={errors.title}>
              <Input {...form.inputProps('title')} placeholder="e.g. Withdraw button does nothing" />
            </FormField>
            <FormField label="Description" required error={errors.description}>
              <Textarea
                {...form.inputProps('description')}
                rows={5}
                resize="vertical"
                placeholder="What happened, where, and when?"
              />
            </FormField>
          </FormSection>

          <Separator />

          <FormSection
            headingId="issue-section-reproduce"
            title="Help us reproduce it"
            description="Optional, but the quickest way to a fix."
          >
            <FormField label="Steps to reproduce" error={errors.stepsToReproduce}>
              <Textarea
                {...form.inputProps('stepsToReproduce')}
                rows={4}
                resize="vertical"
                placeholder={'1. Open the Market\n2. Filter by Covert\n3. …'}
              />
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
              <FormField label="Expected behavior" error={errors.expectedBehavior}>
                <Textarea {...form.inputProps('expectedBehavior')} rows={3} resize="vertical" placeholder="What should have happened?" />
              </FormField>
              <FormField label="Actual behavior" error={errors.actualBehavior}>
                <Textarea {...form.inputProps('actualBehavior')} rows={3} resize="vertical" placeholder="What happened instead?" />
              </FormField>
            </SimpleGrid>
          </FormSection>

          <Separator />

          <FormSection headingId="issue-section-contact" title="How we reach you">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
              <FormField label="Email" required error={errors.email} helperText="We send the confirmation here.">
                <EmailInput {...form.inputProps('email')} />
              </FormField>
              <FormField label="Steam ID" error={errors.steamId} helperText="Your 17-digit SteamID64, to find your account.">
                <Input
                  {...form.inputProps('steamId')}
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="76561198000000000"
                />
              </FormField>
            </SimpleGrid>
          </FormSection>

          <Separator />

          <FormSection headingId="issue-section-extras" title="Extra information">
            <Box>
              <Checkbox.Root {...form.checkboxProps('includeScreenshot')} alignItems="flex-start">
                <Checkbox.HiddenInput aria-describedby={SCREENSHOT_NOTE_ID} />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>Include a screenshot</Checkbox.Label>
              </Checkbox.Root>
              <Text id={SCREENSHOT_NOTE_ID} fontSize="sm" color="fg.muted" ps="7" mt={1}>
                There is nothing to upload here: support will reply to your e-mail and ask for it.
              </Text>
            </Box>
            <Box>
              <Checkbox.Root {...form.checkboxProps('includeSystemInfo')} alignItems="flex-start">
                <Checkbox.HiddenInput aria-describedby={SYSTEM_INFO_NOTE_ID} />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>Include system information</Checkbox.Label>
              </Checkbox.Root>
              <Text id={SYSTEM_INFO_NOTE_ID} fontSize="sm" color="fg.muted" ps="7" mt={1}>
                Your browser, screen size and app version, collected only if you tick the box.
              </Text>
              {systemInfo && <SystemInfoPreview info={systemInfo} />}
            </Box>
          </FormSection>

          <Flex
            direction={{ base: 'column-reverse', sm: 'row' }}
            align={{ base: 'stretch', sm: 'center' }}
            justify="space-between"
            gap={4}
            pt={2}
          >
            <Text fontSize="sm" color="fg.subtle">
              We confirm every report within {SUPPORT.issueAcknowledgement}.
            </Text>
            <Button type="submit" size="lg" loading={submission.isPending} loadingText="Sending...">
              <SendIcon aria-hidden="true" />
              Submit Report
            </Button>
          </Flex>
        </Stack>
      </form>
    </FormPageLayout>
  );
}

const SYSTEM_INFO_ROWS: readonly { key: keyof SystemInfo; label: string }[] = [
  { key: 'userAgent', label: 'Browser' },
  { key: 'screen', label: 'Screen' },
  { key: 'appVersion', label: 'App version' },
];

/** Exactly the system information that goes with the report. */
function SystemInfoPreview({ info }: { info: SystemInfo }) {
  return (
    <Box
      role="group"
      aria-label="System information to be sent"
      ms={{ base: 0, sm: 7 }}
      mt={3}
      p={{ base: 3, md: 4 }}
      bg="bg.subtle"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
    >
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb={3}>
        Sent with your report
      </Text>
      <Grid as="dl" templateColumns={{ base: 'minmax(0, 1fr)', sm: '7rem minmax(0, 1fr)' }} columnGap={4} rowGap={{ base: 1, sm: 2 }}>
        {SYSTEM_INFO_ROWS.map((row) => (
          <Fragment key={row.key}>
            <Box as="dt" fontSize="sm" color="fg.muted" mt={{ base: 2, sm: 0 }} _first={{ mt: 0 }}>
              {row.label}
            </Box>
            <Box as="dd" fontFamily="mono" fontSize="xs" lineHeight="1.7" wordBreak="break-all" color="fg">
              {info[row.key]}
            </Box>
          </Fragment>
        ))}
      </Grid>
    </Box>
  );
}
