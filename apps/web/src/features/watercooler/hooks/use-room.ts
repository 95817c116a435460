import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  WatercoolerLimits,
  WatercoolerMessages,
  type ChatMessageDto,
  type IceServerDto,
  type WatercoolerPeer,
} from '@rally/contract';
import { CallMesh, getCallMedia } from '../lib/mesh';
import type { JoinedMessage, RoomEvent, RoomSocket } from '../lib/room-socket';

/** A row of the message list: a message, or a line saying who came or went. */
export type RoomItem =
  { kind: 'message'; key: string; message: ChatMessageDto } | { kind: 'line'; key: string; text: string; at: string };

interface RoomState {
  /** The others in the room, in order of arrival. */
  peers: WatercoolerPeer[];
  /** What happened since one entered (history before it is paged over HTTP). */
  live: RoomItem[];
  /** The socket is gone or the room ended: why, in words. */
  lost: string | null;
}

type Action =
  | { type: 'peer.joined' | 'peer.left' | 'peer.updated'; peer: WatercoolerPeer; at: string }
  | { type: 'message'; message: ChatMessageDto }
  | { type: 'lost'; message: string };

let lineCount = 0;
const line = (text: string, at: string): RoomItem => ({ kind: 'line', key: `line-${++lineCount}`, text, at });

export function roomReducer(state: RoomState, action: Action): RoomState {
  switch (action.type) {
    case 'peer.joined':
      return {
        ...state,
        peers: [...state.peers.filter((p) => p.peer_id !== action.peer.peer_id), action.peer],
        live: [...state.live, line(WatercoolerMessages.joined(action.peer.user.full_name), action.at)],
      };
    case 'peer.left':
      return {
        ...state,
        peers: state.peers.filter((p) => p.peer_id !== action.peer.peer_id),
        live: [...state.live, line(WatercoolerMessages.left(action.peer.user.full_name), action.at)],
      };
    case 'peer.updated':
      return { ...state, peers: state.peers.map((p) => (p.peer_id === action.peer.peer_id ? action.peer : p)) };
    case 'message':
      // One's own message comes as `said` and may come again as `message`: once in the list.
      if (state.live.some((i) => i.kind === 'message' && i.message.id === action.message.id)) return state;
      return {
        ...state,
        live: [...state.live, { kind: 'message', key: `m-${action.message.id}`, message: action.message }],
      };
    case 'lost':
      return state.lost ? state : { ...state, lost: action.message };
  }
}

/** One's own part in the video call. */
export interface CallState {
  inCall: boolean;
  joining: boolean;
  mic: boolean;
  camera: boolean;
  /** What one sends: a microphone and a camera were found. */
  hasAudio: boolean;
  hasVideo: boolean;
  local: MediaStream | null;
  /** The others' media, by peer id. */
  remote: Record<string, MediaStream>;
  /** The §4 fallback or a refusal (the call is full), in words. */
  notice: string | null;
}

const noCall = (mic: boolean): CallState => ({
  inCall: false,
  joining: false,
  mic,
  camera: true,
  hasAudio: false,
  hasVideo: false,
  local: null,
  remote: {},
  notice: null,
});

export interface UseRoomOptions {
  socket: RoomSocket;
  joined: JoinedMessage;
  iceServers: IceServerDto[];
  /** The start dialog's microphone switch. */
  micOn: boolean;
}

/**
 * The watercooler room on one's screen: presence and messages from the room socket, and the video
 * call over a `CallMesh`. `leave()` closes the call's links, stops the camera and microphone and
 * closes the socket; unmounting does the same (a moment later, so React's development double
 * mount does not leave).
 */
export function useRoom({ socket, joined, iceServers, micOn }: UseRoomOptions) {
  const [state, dispatch] = useReducer(roomReducer, {
    peers: joined.peers.filter((p) => p.peer_id !== joined.you),
    live: [],
    lost: null,
  });
  const [call, setCall] = useState<CallState>(() => noCall(micOn));
  const mesh = useRef<CallMesh | null>(null);
  const peers = useRef(state.peers);
  peers.current = state.peers;
  const callRef = useRef(call);
  callRef.current = call;
  /** False once one has left: a camera that starts after that is stopped at once. */
  const present = useRef(true);

  const endCall = useCallback((notice: string | null = null) => {
    mesh.current?.close();
    mesh.current = null;
    setCall((c) => ({ ...noCall(c.mic), camera: c.camera, notice }));
  }, []);

  useEffect(() => {
    const onEvent = (event: RoomEvent) => {
      const at = new Date().toISOString();
      switch (event.type) {
        case 'peer.joined':
          if (event.peer.peer_id !== joined.you) dispatch({ type: event.type, peer: event.peer, at });
          return;
        case 'peer.left':
          mesh.current?.drop(event.peer.peer_id);
          dispatch({ type: event.type, peer: event.peer, at });
          return;
        case 'peer.updated':
          if (!event.peer.in_call) mesh.current?.drop(event.peer.peer_id);
          dispatch({ type: event.type, peer: event.peer, at });
          return;
        case 'message':
          dispatch({ type: 'message', message: event.message });
          return;
        case 'signal':
          void mesh.current?.receive(event.from, event);
          return;
        case 'refused':
          // A `call` the room did not take: the call is full.
          if (callRef.current.inCall || callRef.current.joining) {
            endCall(event.message);
            socket.call({ in_call: false, audio: false, video: false });
          } else setCall((c) => ({ ...c, notice: event.message }));
          return;
        case 'ended':
          endCall();
          dispatch({ type: 'lost', message: WatercoolerMessages.ended });
          return;
        case 'closed':
          endCall();
          dispatch({ type: 'lost', message: event.message });
      }
    };
    return socket.listen(onEvent);
  }, [socket, endCall, joined.you]);

  // Leaving on unmount, unless it was React's development remount.
  useEffect(() => {
    clearTimeout(pendingLeave.get(socket));
    return () => {
      pendingLeave.set(
        socket,
        setTimeout(() => {
          present.current = false;
          mesh.current?.close();
          socket.leave();
        }, 0),
      );
    };
  }, [socket]);

  const sendState = useCallback(
    (c: Pick<CallState, 'inCall' | 'mic' | 'camera' | 'hasAudio' | 'hasVideo'>) =>
      socket.call({
        in_call: c.inCall,
        audio: c.inCall && c.mic && c.hasAudio,
        video: c.inCall && c.camera && c.hasVideo,
      }),
    [socket],
  );

  /** Joins the call (spec §4's media fallback) and offers to everyone already in it. */
  const joinCall = useCallback(async () => {
    const inCallNow = peers.current.filter((p) => p.in_call);
    if (inCallNow.length >= WatercoolerLimits.videoCallMax) {
      setCall((c) => ({ ...c, notice: WatercoolerMessages.callFull(WatercoolerLimits.videoCallMax) }));
      return;
    }
    setCall((c) => ({ ...c, joining: true, notice: null }));
    const media = await getCallMedia();
    if (!present.current) {
      for (const track of media.stream?.getTracks() ?? []) track.stop();
      return;
    }
    const { mic, camera } = callRef.current;
    const tracks = media.stream?.getTracks() ?? [];
    const hasAudio = tracks.some((t) => t.kind === 'audio');
    const hasVideo = tracks.some((t) => t.kind === 'video');
    const created = new CallMesh({
      self: joined.you,
      iceServers,
      sendSignal: (to, signal) => socket.signal(to, signal),
      onRemoteStream: (peerId, stream) =>
        setCall((c) => {
          const remote = { ...c.remote };
          if (stream) remote[peerId] = stream;
          else delete remote[peerId];
          return { ...c, remote };
        }),
    });
    created.setLocalStream(media.stream);
    created.setEnabled('audio', mic);
    created.setEnabled('video', camera);
    mesh.current?.close();
    mesh.current = created;
    const next = { inCall: true, mic, camera, hasAudio, hasVideo };
    setCall((c) => ({
      ...c,
      ...next,
      joining: false,
      local: media.stream,
      notice: media.notice ? WatercoolerMessages[media.notice] : null,
    }));
    sendState(next);
    // The newcomer offers: everyone in the call now (who may have changed while the camera started).
    for (const peer of peers.current) if (peer.in_call) void created.connectTo(peer.peer_id);
  }, [iceServers, joined.you, sendState, socket]);

  const leaveCall = useCallback(() => {
    endCall();
    socket.call({ in_call: false, audio: false, video: false });
  }, [endCall, socket]);

  const toggle = useCallback(
    (kind: 'mic' | 'camera') => {
      const c = callRef.current;
      const next = { ...c, [kind]: !c[kind] };
      mesh.current?.setEnabled(kind === 'mic' ? 'audio' : 'video', next[kind]);
      setCall(next);
      if (c.inCall) sendState(next);
    },
    [sendState],
  );

  const leave = useCallback(() => {
    present.current = false;
    mesh.current?.close();
    mesh.current = null;
    socket.leave();
  }, [socket]);

  const say = useCallback(
    async (content: { body?: string; media_key?: string }) => {
      const message = await socket.say(content);
      dispatch({ type: 'message', message });
    },
    [socket],
  );

  return {
    ...state,
    call,
    joinCall,
    leaveCall,
    toggleMic: () => toggle('mic'),
    toggleCamera: () => toggle('camera'),
    say,
    leave,
  };
}

const pendingLeave = new WeakMap<RoomSocket, ReturnType<typeof setTimeout>>();
