import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';

interface Props {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Shown once every page is loaded (e.g. 'Yay! You have seen it all'). */
  endText: string;
  /** The scrolling element the sentinel lives in; the viewport when omitted. */
  root?: Element | null;
}

/**
 * The foot of a paged list: infinite scroll through an IntersectionObserver on a sentinel, a
 * 'Load More' button for keyboards and browsers without the observer, and the end message.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, endText, root }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) fetchNextPage();
      },
      { root: root ?? null, rootMargin: '120px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, root]);

  return (
    <Box sx={{ py: 1.5, textAlign: 'center' }}>
      <div ref={sentinel} aria-hidden />
      {hasNextPage ? (
        <Button variant="outlined" size="small" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
          Load More
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {endText}
        </Typography>
      )}
    </Box>
  );
}
