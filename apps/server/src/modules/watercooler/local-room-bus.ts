import type { WatercoolerServerMessage } from '@rally/contract';
import type { RoomBus } from './room-store.js';

type Listener = Parameters<RoomBus['subscribe']>[0];

/**
 * The embedded default RoomBus: room messages go straight to this process's sockets. Each
 * message is serialised once, however many sockets receive it.
 */
export class LocalRoomBus implements RoomBus {
  private readonly listeners = new Set<Listener>();

  toRoom(roomId: string, message: WatercoolerServerMessage, except?: string): void {
    this.deliver(except === undefined ? { roomId } : { roomId, except }, message);
  }

  toPeer(roomId: string, peerId: string, message: WatercoolerServerMessage): void {
    this.deliver({ roomId, peerId }, message);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }

  private deliver(target: Parameters<Listener>[0], message: WatercoolerServerMessage): void {
    const json = JSON.stringify(message);
    for (const listener of [...this.listeners]) listener(target, message, json);
  }
}
