import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import LocalCafeOutlined from '@mui/icons-material/LocalCafeOutlined';
import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { WatercoolerMessages, type WatercoolerAccessDto } from '@rally/contract';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { getWatercoolerAccess } from '../api/get-access';
import { RoomSocket, roomSocketUrl, type JoinedMessage } from '../lib/room-socket';
import { StartDialog } from './start-dialog';
import { PageTitle } from '../../../components/page-title';

/** The room's code (the call, the chat, the composer) comes in its own chunk, fetched while entering. */
const loadRoom = () => import('./room-dialog').then((m) => ({ default: m.RoomDialog }));
const RoomDialog = lazy(loadRoom);

type Phase =
  | { name: 'idle'; error: string | null }
  | { name: 'connecting' }
  | { name: 'needsMembers' }
  | { name: 'room'; access: WatercoolerAccessDto; socket: RoomSocket; joined: JoinedMessage };

/** How a failed access call reads: a team of one (422) needs members; anything else in our words. */
function accessProblem(err: unknown): Phase {
  if (err instanceof ApiError && err.status === 422) return { name: 'needsMembers' };
  if (err instanceof ApiError && err.status < 500 && err.status !== 429) return { name: 'idle', error: err.message };
  return { name: 'idle', error: err instanceof Error ? err.message : WatercoolerMessages.notAvailable };
}

/**
 * `/engagements/{teamId}/watercooler` (spec §2, §4): the start dialog, then the room. Entering is
 * idle → connecting (the access call, then the room socket's `join`) → in the room.
 */
export function WatercoolerScreen({ teamId, membersCount }: { teamId: number; membersCount: number }) {
  const navigate = useNavigate();
  const session = useSession();
  const [phase, setPhase] = useState<Phase>(
    membersCount <= 1 ? { name: 'needsMembers' } : { name: 'idle', error: null },
  );
  const [micOn, setMicOn] = useState(true);
  const toTimeline = () => void navigate(paths.teamTimeline(teamId));

  const enter = async () => {
    setPhase({ name: 'connecting' });
    const roomCode = loadRoom();
    let access: WatercoolerAccessDto;
    try {
      access = await getWatercoolerAccess(teamId);
    } catch (err) {
      setPhase(accessProblem(err));
      return;
    }
    const socket = new RoomSocket({ url: roomSocketUrl(), token: access.token });
    try {
      const [joined] = await Promise.all([socket.open(), roomCode]);
      setPhase({ name: 'room', access, socket, joined });
    } catch (err) {
      setPhase({ name: 'idle', error: err instanceof Error ? err.message : WatercoolerMessages.notAvailable });
    }
  };

  const user = session?.user;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LocalCafeOutlined color="primary" aria-hidden />
            <PageTitle>Watercooler</PageTitle>
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {WatercoolerMessages.historyNote}
          </Typography>
        </CardContent>
      </Card>
      {phase.name === 'room' && user ? (
        <Suspense fallback={null}>
          <RoomDialog
            key={phase.joined.channel_sid + phase.joined.you}
            teamId={teamId}
            socket={phase.socket}
            joined={phase.joined}
            iceServers={phase.access.ice_servers}
            micOn={micOn}
            me={{ id: user.id, first_name: user.first_name, full_name: user.full_name, avatar: user.avatar }}
            onLeft={toTimeline}
            onEnterAgain={() => setPhase({ name: 'idle', error: null })}
          />
        </Suspense>
      ) : (
        <StartDialog
          needsMembers={phase.name === 'needsMembers'}
          connecting={phase.name === 'connecting'}
          error={phase.name === 'idle' ? phase.error : null}
          micOn={micOn}
          onMicChange={setMicOn}
          onEnter={() => void enter()}
          onClose={toTimeline}
        />
      )}
    </Box>
  );
}
