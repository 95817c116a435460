import { useQuery } from '@tanstack/react-query';
import type { EngagementSubject } from './subject';

/** Everyone's reactions to a subject, newest first; read again on each opening (who reacted now). */
export const useReactionList = (subject: EngagementSubject) =>
  useQuery({ queryKey: subject.keys.reactions, queryFn: ({ signal }) => subject.reactions(signal), staleTime: 0 });
