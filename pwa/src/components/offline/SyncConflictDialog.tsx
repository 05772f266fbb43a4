/**
 * The outbox's conflict dialog: a queued profile edit was refused because the profile changed
 * elsewhere since (412). It shows the server's newer values beside the queued ones and lets the
 * user keep theirs (sent again against the newer version) or take the server's (the edit is
 * dropped). Shown on whatever page is open, since the replay may run in the background.
 */
import { Box, Button, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { Table } from '@chakra-ui/react';
import type { CurrentUser, ProfileUpdate } from '../../../../shared/schemas/user';
import type { OutboxEntry } from '../../offline/db';
import { acceptServerVersion, keepMyVersion } from '../../offline/outbox';

const FIELDS: Array<{ key: keyof ProfileUpdate; label: string }> = [
  { key: 'displayName', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'tradeUrl', label: 'Steam Trade URL' },
];

/** The fields the two versions disagree on; all the edit's fields when they agree on every one. */
function shownFields(update: ProfileUpdate, server: CurrentUser) {
  const edited = FIELDS.filter(({ key }) => update[key] !== undefined);
  const differing = edited.filter(({ key }) => update[key] !== server[key]);
  return differing.length > 0 ? differing : edited;
}

interface SyncConflictDialogProps {
  /** The oldest entry in conflict, or null. */
  entry: OutboxEntry | null;
  /** Called after the choice was stored, to replay and refresh. */
  onResolved: () => void;
}

export function SyncConflictDialog({ entry, onResolved }: SyncConflictDialogProps) {
  const op = entry?.op.kind === 'profile' ? entry.op : null;
  const server: CurrentUser | undefined = entry?.serverUser;
  const open = Boolean(entry && op && server);

  async function choose(choice: 'mine' | 'server') {
    if (!entry?.seq) return;
    if (choice === 'mine') await keepMyVersion(entry.seq, crypto.randomUUID());
    else await acceptServerVersion(entry.seq);
    onResolved();
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      placement="center"
      size={{ base: 'xs', sm: 'md' }}
      closeOnInteractOutside={false}
      closeOnEscape={false}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" backdropFilter="blur(2px)" />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel" borderWidth="1px" borderColor="border.emphasized">
            <Dialog.Header>
              <Dialog.Title>Your profile changed elsewhere</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description color="fg.muted">
                  While your offline edit waited, your profile was updated in another tab or on another device. Choose which
                  values to keep.
                </Dialog.Description>
                {op && server ? (
                  <Box overflowX="auto">
                    <Table.Root size="sm" variant="outline">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>Field</Table.ColumnHeader>
                          <Table.ColumnHeader>Yours</Table.ColumnHeader>
                          <Table.ColumnHeader>Server's</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {shownFields(op.update, server).map(({ key, label }) => (
                          <Table.Row key={key}>
                            <Table.Cell fontWeight="medium">{label}</Table.Cell>
                            <Table.Cell overflowWrap="anywhere">{op.update[key]}</Table.Cell>
                            <Table.Cell overflowWrap="anywhere">
                              <Text as="span" color={server[key] === op.update[key] ? 'fg.muted' : 'fg'}>
                                {server[key]}
                              </Text>
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Box>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="3">
              <Button variant="outline" borderColor="border.emphasized" onClick={() => void choose('server')}>
                Use server's
              </Button>
              <Button colorPalette="brand" onClick={() => void choose('mine')}>
                Keep mine
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
