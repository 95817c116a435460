import { MemoryRoomStore } from './memory-room-store.js';
import { describeRoomStore } from './testing/room-store.contract.js';

// One process's memory: the "other process" is the same store.
describeRoomStore('MemoryRoomStore', () => {
  const store = new MemoryRoomStore();
  return Promise.resolve({ store, twin: store, dispose: () => Promise.resolve() });
});
