import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** '3 hours ago' (the feed header, spec §2). */
export const fromNow = (iso: string) => dayjs(iso).fromNow();
/** 'MMM DD, YYYY' (reaction lists, spec §9). */
export const displayDate = (iso: string) => dayjs(iso).format('MMM DD, YYYY');
/** 'DD/MM/YYYY HH:mm' (feed dates, spec §9): the exact time behind a relative one. */
export const feedDate = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');
