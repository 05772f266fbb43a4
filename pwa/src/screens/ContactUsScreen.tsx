/**
 * Contact Us (/contact-us): our reply times, then the contact form. The message is validated with
 * the schema the API uses (shared/schemas/support.ts), then stored by POST /api/contact; the button
 * says 'Sending...' for as long as that request runs. A signed-in user's e-mail is filled in.
 */
import { createdAnswer } from '../../../shared/answers/support';
import { Box, Button, Center, Flex, Heading, Icon, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Textarea } from '@chakra-ui/react';
import { BookOpenIcon, BugIcon, CreditCardIcon, LightbulbIcon, MailIcon, MessageCircleIcon, SendIcon, WrenchIcon } from 'lucide-react';
import { CONTACT_CATEGORIES, SUPPORT } from '../../../shared/constants';
import { contactMessageSchema, type ContactMessage } from '../../../shared/schemas/support';
import { apiFetch } from '../api/client';
import { EmailInput, FormField, FormSelect, RequiredFieldsNote } from '../components/forms/FormField';
import { AsideCard, FormPageLayout } from '../components/forms/FormPageLayout';
import { FormSuccessAlert } from '../components/forms/FormSuccessAlert';
import { useFormSubmission } from '../components/forms/useFormSubmission';
import { useZodForm } from '../components/forms/useZodForm';
import { BulletList, InternalLink, SupportEmailLink } from '../components/LegalPage';
import { useCurrentUser } from '../queries/user';

type ContactFormValues = {
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
};

const EMPTY_MESSAGE: ContactFormValues = { name: '', email: '', subject: '', category: '', message: '' };

const CATEGORY_OPTIONS = CONTACT_CATEGORIES.map((category) => ({ value: category, label: category }));

const RESPONSE_TIMES = [
  { label: 'General questions', time: SUPPORT.generalResponse, icon: <MessageCircleIcon /> },
  { label: 'Technical support', time: SUPPORT.technicalResponse, icon: <WrenchIcon /> },
  { label: 'Payment issues', time: SUPPORT.paymentResponse, icon: <CreditCardIcon /> },
] as const;

function sendContactMessage(message: ContactMessage) {
  return apiFetch('/api/contact', createdAnswer, { method: 'POST', body: message });
}

const responseTimes = (
  <Box as="section" aria-labelledby="reply-times-heading">
    <Heading
      as="h2"
      id="reply-times-heading"
      fontSize="xs"
      fontWeight="semibold"
      textTransform="uppercase"
      letterSpacing="wider"
      color="fg.subtle"
      mb={3}
    >
      Typical reply times
    </Heading>
    <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap={{ base: 3, md: 4 }} listStyleType="none">
      {RESPONSE_TIMES.map((item) => (
        <Flex
          as="li"
          key={item.label}
          align="center"
          gap={3}
          px={4}
          py={{ base: 3, md: 4 }}
          bg="bg.subtle"
          borderWidth="1px"
          borderColor="border"
          borderRadius="lg"
        >
          <Center boxSize="10" flexShrink={0} borderRadius="md" bg="colorPalette.subtle" color="colorPalette.fg">
            <Icon size="md" aria-hidden="true">
              {item.icon}
            </Icon>
          </Center>
          <Box minW={0}>
            <Text fontSize="sm" color="fg.muted">
              {item.label}
            </Text>
            <Text fontSize="lg" fontWeight="semibold" lineHeight="short">
              {item.time}
            </Text>
          </Box>
        </Flex>
      ))}
    </SimpleGrid>
  </Box>
);

const aside = (
  <>
    <AsideCard icon={<LightbulbIcon />} title="Get a faster answer">
      <BulletList
        items={[
          'Pick the category that fits best: it sends your message to the right team.',
          'Mention the item names, amounts and dates involved.',
          'For deposits and withdrawals, include the transaction ID or your deposit reference code.',
        ]}
      />
    </AsideCard>
    <AsideCard icon={<MailIcon />} title="Prefer e-mail?">
      <Text>
        Write to <SupportEmailLink />. It reaches the same team, with the same reply times.
      </Text>
    </AsideCard>
    <AsideCard icon={<BugIcon />} title="Something broken?">
      <Text>
        Use the <InternalLink to="/report-issue">issue report</InternalLink> for bugs, slow pages and security problems. We
        confirm every report within {SUPPORT.issueAcknowledgement}.
      </Text>
    </AsideCard>
    <AsideCard icon={<BookOpenIcon />} title="Help Center">
      <Text>
        Selling, fees, trade URLs and payouts are explained in the <InternalLink to="/help-center">Help Center</InternalLink>.
      </Text>
    </AsideCard>
  </>
);

export default function ContactUsScreen() {
  const { data: user } = useCurrentUser();
  const form = useZodForm({
    schema: contactMessageSchema,
    initialValues: EMPTY_MESSAGE,
    prefill: user?.email ? { email: user.email } : undefined,
  });
  const submission = useFormSubmission({
    form,
    send: sendContactMessage,
    successToast: {
      title: 'Message Sent Successfully',
      description: `We'll get back to you within ${SUPPORT.generalResponse}`,
    },
    failureTitle: 'Failed to send message',
  });
  const { errors } = form;

  return (
    <FormPageLayout
      title="Contact Us"
      subtitle="Questions about an order, a payout or your account? Send us a message and our support team will answer by e-mail."
      intro={responseTimes}
      aside={aside}
      asideLabel="More ways to get help"
    >
      <form ref={form.formRef} noValidate onSubmit={submission.handleSubmit} aria-labelledby="contact-form-heading">
        <Stack gap={6}>
          {submission.success && (
            <FormSuccessAlert
              key={submission.success.key}
              title="Thanks, your message is on its way"
              onDismiss={submission.dismissSuccess}
            >
              We'll reply to {submission.success.input.email} within {SUPPORT.generalResponse}. Anything to add? Send
              another message below.
            </FormSuccessAlert>
          )}
          <Stack gap={1}>
            <Heading as="h2" id="contact-form-heading" size="lg">
              Send us a message
            </Heading>
            <RequiredFieldsNote />
          </Stack>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            <FormField label="Name" required error={errors.name}>
              <Input {...form.inputProps('name')} autoComplete="name" placeholder="Your name" />
            </FormField>
            <FormField label="Email" required error={errors.email}>
              <EmailInput {...form.inputProps('email')} />
            </FormField>
            <FormField label="Subject" required error={errors.subject}>
              <Input {...form.inputProps('subject')} placeholder="What is it about?" />
            </FormField>
            <FormField label="Category" required error={errors.category}>
              <FormSelect {...form.selectProps('category')} placeholder="Select a category" options={CATEGORY_OPTIONS} />
            </FormField>
          </SimpleGrid>

          <FormField
            label="Message"
            required
            error={errors.message}
            helperText="Include order details, item names or transaction IDs if you have them."
          >
            <Textarea {...form.inputProps('message')} rows={7} resize="vertical" placeholder="How can we help?" />
          </FormField>

          <Flex
            direction={{ base: 'column-reverse', sm: 'row' }}
            align={{ base: 'stretch', sm: 'center' }}
            justify="space-between"
            gap={4}
          >
            <Text fontSize="sm" color="fg.subtle">
              We usually reply within {SUPPORT.generalResponse}.
            </Text>
            <Button type="submit" size="lg" loading={submission.isPending} loadingText="Sending...">
              <SendIcon aria-hidden="true" />
              Send Message
            </Button>
          </Flex>
        </Stack>
      </form>
    </FormPageLayout>
  );
}
