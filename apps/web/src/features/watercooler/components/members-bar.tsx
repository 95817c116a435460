import { Box, Stack, Tooltip } from '@mui/material';
import MicOffOutlined from '@mui/icons-material/MicOffOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import type { WatercoolerPeer } from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';

/** Who is in the room; for those in the call, whether their microphone and camera send. */
export function MembersBar({ me, peers }: { me: WatercoolerPeer; peers: WatercoolerPeer[] }) {
  return (
    <Stack
      component="ul"
      aria-label="In the room"
      direction="row"
      spacing={1}
      sx={{ listStyle: 'none', m: 0, p: 0, overflowX: 'auto', minWidth: 0, py: 0.5 }}
    >
      {[me, ...peers].map((peer) => {
        const name = peer === me ? `${peer.user.full_name} (you)` : peer.user.full_name;
        const state = peer.in_call
          ? `in the call, microphone ${peer.audio ? 'on' : 'off'}, camera ${peer.video ? 'on' : 'off'}`
          : 'in the chat';
        return (
          <Box component="li" key={peer.peer_id} sx={{ flexShrink: 0 }}>
            <Tooltip title={`${name}: ${state}`}>
              <Box sx={{ position: 'relative', display: 'inline-flex' }}>
                <UserAvatar name={peer.user.full_name} src={peer.user.avatar} sx={{ width: 36, height: 36 }} />
                {peer.in_call && (
                  <Stack
                    direction="row"
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      right: -6,
                      bottom: -6,
                      bgcolor: 'background.paper',
                      borderRadius: 2,
                      boxShadow: 1,
                      px: 0.25,
                      '& svg': { fontSize: 14 },
                    }}
                  >
                    {peer.audio ? <MicOutlined color="success" /> : <MicOffOutlined color="error" />}
                    {peer.video ? <VideocamOutlined color="success" /> : <VideocamOffOutlined color="error" />}
                  </Stack>
                )}
              </Box>
            </Tooltip>
          </Box>
        );
      })}
    </Stack>
  );
}
