import { Alert, Box, Button, CircularProgress, Dialog, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CallEndRounded from '@mui/icons-material/CallEndRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MicOffOutlined from '@mui/icons-material/MicOffOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import VideoCallOutlined from '@mui/icons-material/VideoCallOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import { WatercoolerLimits, WatercoolerMessages, type IceServerDto, type WatercoolerPeer } from '@rally/contract';
import { useRoom } from '../hooks/use-room';
import type { JoinedMessage, RoomSocket } from '../lib/room-socket';
import { Composer } from './composer';
import { MembersBar } from './members-bar';
import { MessageList } from './message-list';
import { StreamVideo } from './stream-video';

/** Columns of the call's grid on a wide screen: two, three from five people on. */
const tileColumns = (tiles: number) => (tiles <= 4 ? 2 : 3);

export interface RoomProps {
  teamId: number;
  socket: RoomSocket;
  joined: JoinedMessage;
  iceServers: IceServerDto[];
  micOn: boolean;
  me: WatercoolerPeer['user'];
  /** After Leave (everything closed): to the timeline. */
  onLeft: () => void;
  /** After the room was lost: back to the start dialog. */
  onEnterAgain: () => void;
}

/**
 * The room, full screen (spec §2): who is in it, Leave, the video call's controls and videos, and
 * the chat. On a phone the videos sit above the chat; on a wide screen beside it.
 */
export function RoomDialog({ teamId, socket, joined, iceServers, micOn, me, onLeft, onEnterAgain }: RoomProps) {
  const room = useRoom({ socket, joined, iceServers, micOn });
  const { call } = room;
  const self: WatercoolerPeer = {
    peer_id: joined.you,
    user: me,
    in_call: call.inCall,
    audio: call.inCall && call.mic && call.hasAudio,
    video: call.inCall && call.camera && call.hasVideo,
  };
  const inCall = room.peers.filter((p) => p.in_call);
  const lost = room.lost !== null;

  return (
    <Dialog fullScreen open aria-labelledby="watercooler-room-title" onClose={() => undefined}>
      <Stack sx={{ height: '100%', minHeight: 0 }}>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', px: { xs: 1.5, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography id="watercooler-room-title" variant="h6" component="h2" sx={{ fontWeight: 700, flexShrink: 0 }}>
            Watercooler
          </Typography>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <MembersBar me={self} peers={room.peers} />
          </Box>
          <Button
            variant="contained"
            color="error"
            startIcon={<LogoutRounded />}
            onClick={() => {
              room.leave();
              onLeft();
            }}
            sx={{ flexShrink: 0 }}
          >
            Leave
          </Button>
        </Stack>

        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{
            alignItems: 'center',
            flexWrap: 'wrap',
            px: { xs: 1.5, sm: 2 },
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {call.inCall ? (
            <Button variant="outlined" color="error" startIcon={<CallEndRounded />} onClick={room.leaveCall}>
              Leave Video Call
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={call.joining ? <CircularProgress size={16} color="inherit" /> : <VideoCallOutlined />}
              disabled={call.joining || lost}
              onClick={() => void room.joinCall()}
            >
              Join Video Call
            </Button>
          )}
          <Tooltip title={call.mic ? 'Mute the microphone' : 'Unmute the microphone'}>
            <IconButton
              aria-label="Microphone"
              aria-pressed={call.mic}
              onClick={room.toggleMic}
              color={call.mic ? 'primary' : 'default'}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              {call.mic ? <MicOutlined /> : <MicOffOutlined />}
            </IconButton>
          </Tooltip>
          <Tooltip title={call.camera ? 'Turn the camera off' : 'Turn the camera on'}>
            <IconButton
              aria-label="Camera"
              aria-pressed={call.camera}
              onClick={room.toggleCamera}
              color={call.camera ? 'primary' : 'default'}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              {call.camera ? <VideocamOutlined /> : <VideocamOffOutlined />}
            </IconButton>
          </Tooltip>
          <Typography variant="body2" color="text.secondary">
            Video call: up to {WatercoolerLimits.videoCallMax} people
            {inCall.length + (call.inCall ? 1 : 0) > 0 && ` · ${inCall.length + (call.inCall ? 1 : 0)} in it now`}
          </Typography>
        </Stack>

        {(call.notice || room.lost) && (
          <Box sx={{ px: { xs: 1.5, sm: 2 }, pt: 1 }}>
            {room.lost ? (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" onClick={onEnterAgain}>
                    {WatercoolerMessages.enter}
                  </Button>
                }
              >
                {room.lost}
              </Alert>
            ) : (
              <Alert severity="info">{call.notice}</Alert>
            )}
          </Box>
        )}

        <Box
          sx={{
            flex: 1,
            minHeight: 0,
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
          }}
        >
          {call.inCall && (
            <Box
              component="section"
              aria-label="Video call"
              sx={{
                flex: { md: 1 },
                maxHeight: { xs: '42%', md: 'none' },
                overflowY: 'auto',
                p: { xs: 1, sm: 2 },
                borderBottom: { xs: 1, md: 0 },
                borderRight: { xs: 0, md: 1 },
                // After the borders, so their shorthand does not reset the colour at a breakpoint.
                borderColor: { xs: 'divider', md: 'divider' },
                display: 'grid',
                gap: 1,
                // Phones: two columns.
                gridTemplateColumns: {
                  xs: 'repeat(2, minmax(0, 1fr))',
                  md: `repeat(${tileColumns(inCall.length + 1)}, minmax(0, 1fr))`,
                },
                alignContent: 'start',
              }}
            >
              <StreamVideo stream={call.local} name={me.full_name} own cameraOff={!self.video} />
              {inCall.map((peer) => (
                <StreamVideo
                  key={peer.peer_id}
                  stream={call.remote[peer.peer_id] ?? null}
                  name={peer.user.full_name}
                  cameraOff={!peer.video}
                  peerId={peer.peer_id}
                />
              ))}
            </Box>
          )}
          <Box
            component="section"
            aria-label="Chat"
            sx={{
              flex: { xs: 1, md: call.inCall ? '0 0 420px' : 1 },
              minHeight: 0,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              maxWidth: { md: call.inCall ? 420 : 880 },
              mx: { md: call.inCall ? 0 : 'auto' },
            }}
          >
            <MessageList teamId={teamId} channelSid={joined.channel_sid} live={room.live} />
            <Composer teamId={teamId} disabled={lost} say={room.say} />
          </Box>
        </Box>
      </Stack>
    </Dialog>
  );
}
