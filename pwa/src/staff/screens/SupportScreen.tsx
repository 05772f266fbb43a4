/**
 * The support inbox (support and admin): contact messages and issue reports, newest first, open or
 * closed. Each can be closed or reopened, assigned to oneself or unassigned, and carries internal
 * notes the customer never sees.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { CircleCheckIcon, RotateCcwIcon, StickyNoteIcon, UserCheckIcon, UserXIcon } from 'lucide-react';
import type { SupportItem } from '../../../../shared/schemas/staff';
import { Textarea } from '@chakra-ui/react';
import { PageTitle } from '../../components/PageTitle';
import { TextField } from '../components/TextField';
import { ActionError, EmptyNote, Facts, QueryView } from '../components/Feedback';
import { SelectField } from '../components/SelectField';
import { StatusBadge } from '../components/StatusBadge';
import { when } from '../format';
import { useAddSupportNoteMutation, useSupportItemsQuery, useUpdateSupportItemMutation, type SupportStatus } from '../queries/support';
import { useSignedInStaff, useStaffCan } from '../signedInStaff';

const STATUS_OPTIONS: { value: SupportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];
const TYPE_LABELS: Record<SupportItem['type'], string> = { contact_message: 'Contact message', issue_report: 'Issue report' };
const NOTE_MAX_LENGTH = 5000;

function NoteForm({ item }: { item: SupportItem }) {
  const addNote = useAddSupportNoteMutation();
  const [body, setBody] = useState('');
  const [missing, setMissing] = useState(false);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') {
      setMissing(true);
      return;
    }
    addNote.mutate({ item, body: body.trim() }, { onSuccess: () => setBody('') });
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Add an internal note to ${item.title}`}>
      <Stack gap="2">
        <TextField label="New note" helperText="Only staff see notes." error={missing ? 'Please write the note' : undefined}>
          <Textarea
            rows={2}
            maxLength={NOTE_MAX_LENGTH}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              setMissing(false);
            }}
          />
        </TextField>
        <Button type="submit" size="sm" variant="outline" alignSelf="flex-start" loading={addNote.isPending}>
          <StickyNoteIcon aria-hidden="true" />
          Add note
        </Button>
        <ActionError error={addNote.error} />
      </Stack>
    </form>
  );
}

function SupportCard({ item }: { item: SupportItem }) {
  const me = useSignedInStaff();
  const canAct = useStaffCan('support.act');
  const update = useUpdateSupportItemMutation();
  const headingId = `support-${item.type}-${item.id}`;
  const mine = item.assignee === me.email;
  const busyWith = (change: 'status' | 'assignee') => update.isPending && update.variables !== undefined && change in update.variables;

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" bg="bg.panel" borderColor="border">
      <Card.Body gap="4">
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Box minW="0">
            <Flex gap="2" align="center" wrap="wrap" mb="1">
              <Badge variant="outline">{TYPE_LABELS[item.type]}</Badge>
              <Text fontSize="sm" color="fg.muted">
                {item.label}
              </Text>
            </Flex>
            <Heading as="h2" id={headingId} size="md" overflowWrap="anywhere">
              {item.title}
            </Heading>
          </Box>
          <StatusBadge status={item.status} />
        </Flex>
        <Facts
          items={[
            ['From', [item.from.name, item.from.email].filter(Boolean).join(' · ')],
            ...(item.from.steamId ? [['SteamID', item.from.steamId] as const] : []),
            ['Received', when(item.createdAt)],
            ['Assignee', item.assignee ?? 'Nobody'],
          ]}
        />
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" bg="bg.muted" borderRadius="l2" p="3" fontSize="sm">
          {item.body}
        </Text>
        {canAct ? (
          <Flex gap="2" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              loading={busyWith('assignee')}
              onClick={() => update.mutate({ item, assignee: mine ? null : me.email })}
            >
              {mine ? <UserXIcon aria-hidden="true" /> : <UserCheckIcon aria-hidden="true" />}
              {mine ? 'Unassign' : 'Assign to me'}
            </Button>
            {item.assignee && !mine ? (
              <Button size="sm" variant="ghost" loading={busyWith('assignee')} onClick={() => update.mutate({ item, assignee: null })}>
                Unassign {item.assignee}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              colorPalette={item.status === 'open' ? 'green' : 'gray'}
              loading={busyWith('status')}
              onClick={() => update.mutate({ item, status: item.status === 'open' ? 'closed' : 'open' })}
            >
              {item.status === 'open' ? <CircleCheckIcon aria-hidden="true" /> : <RotateCcwIcon aria-hidden="true" />}
              {item.status === 'open' ? 'Close' : 'Reopen'}
            </Button>
          </Flex>
        ) : null}
        <ActionError error={update.error} />
        <Box as="section" aria-label="Internal notes">
          <Heading as="h3" size="sm" mb="2">
            Internal notes
          </Heading>
          {item.notes.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" mb="3">
              No notes yet.
            </Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="2" mb="3">
              {item.notes.map((note) => (
                <Box as="li" key={note.id} borderStartWidth="3px" borderColor="brand.muted" ps="3">
                  <Text fontSize="xs" color="fg.muted">
                    {note.author} · {when(note.createdAt)}
                  </Text>
                  <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {note.body}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
          {canAct ? <NoteForm item={item} /> : null}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

export function SupportScreen() {
  const [status, setStatus] = useState<SupportStatus>('open');
  const items = useSupportItemsQuery(status);
  return (
    <>
      <PageTitle title="Support" subtitle="Contact messages and issue reports, newest first." />
      <Box maxW="xs" mb="6">
        <SelectField label="Status" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
      </Box>
      <QueryView query={items} what="the support inbox">
        {({ items: list }) =>
          list.length === 0 ? (
            <EmptyNote>No {status} items.</EmptyNote>
          ) : (
            <Stack as="ul" listStyleType="none" gap="4" aria-label="Support items">
              {list.map((item) => (
                <li key={`${item.type}-${item.id}`}>
                  <SupportCard item={item} />
                </li>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </>
  );
}
