import { Button, Stack, Typography } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Suspense, lazy, useState } from 'react';

/** The edit form, with react-hook-form: loaded when it opens. */
const TeamNameForm = lazy(() => import('./team-name-form'));

/** The team name, read-only, or with an edit form for roles 2 and 3. */
export function TeamNameEditor({ teamId, name, editable }: { teamId: number; name: string; editable: boolean }) {
  const [editing, setEditing] = useState(false);

  const readOnly = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="h6" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
        {name}
      </Typography>
      {editable && !editing && (
        <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
          Edit Name
        </Button>
      )}
    </Stack>
  );
  if (!editing) return readOnly;

  // Until the form has loaded, the name stays as it was (without its button).
  return (
    <Suspense fallback={readOnly}>
      <TeamNameForm teamId={teamId} name={name} onDone={() => setEditing(false)} />
    </Suspense>
  );
}
