/** Stores a contact-form message, then copies it to the support mailbox (support/copyToSupport.ts). */
import { type ContactMessage as ContactMessageInput } from '../../shared/schemas/support';
import { ContactMessage } from '../entities';
import { copyToSupport, type SupportServices } from '../support/copyToSupport';

export async function contactMessageCreator({ input, ...services }: SupportServices & { input: ContactMessageInput }): Promise<ContactMessage> {
  const messages = services.dataSource.getRepository(ContactMessage);
  const saved = await messages.save(messages.create(input));
  copyToSupport(services, ContactMessage, saved.id, {
    subject: `[Contact - ${input.category}] ${input.subject}`,
    replyTo: input.email,
    text: `From: ${input.name} <${input.email}>\nCategory: ${input.category}\nMessage id: ${saved.id}\n\n${input.message}`,
  });
  return saved;
}
