import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { Messages, type LevelOfEngagementDto } from '@rally/contract';
import { errorMessage } from '../../../lib/error-message';
import { useLevelsOfEngagement } from '../api/get-levels-of-engagement';
import { useTeamLevel } from '../api/get-team-level';
import { useSetTeamLevel } from '../api/set-team-level';

interface Props {
  teamId: number;
  open: boolean;
  /** Only the Super Admin changes the level; everyone else views it (spec §6). */
  canChange: boolean;
  onClose: () => void;
}

function LevelCard({
  level,
  current,
  chosen,
  onChoose,
}: {
  level: LevelOfEngagementDto;
  current: boolean;
  chosen: boolean;
  onChoose?: () => void;
}) {
  const body = (
    <>
      <Box
        component="img"
        src={level.media}
        alt=""
        sx={{ width: '100%', height: 120, objectFit: 'contain', bgcolor: 'grey.50' }}
      />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 700, flexGrow: 1 }}>
            {level.id}. {level.name}
          </Typography>
          {chosen && <CheckCircle color="primary" fontSize="small" aria-label="Selected" />}
        </Box>
        {current && (
          <Typography variant="caption" color="primary" sx={{ fontWeight: 700 }}>
            Current level
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {level.description}
        </Typography>
      </CardContent>
    </>
  );
  return (
    <Card
      variant="outlined"
      component="li"
      aria-label={level.name}
      aria-current={current || undefined}
      sx={{ listStyle: 'none', borderColor: chosen ? 'primary.main' : 'divider', borderWidth: chosen ? 2 : 1 }}
    >
      {onChoose ? (
        <CardActionArea onClick={onChoose} aria-pressed={chosen}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** The four levels with their images; role 2 picks one and saves it. */
export function LevelOfEngagementDialog({ teamId, open, canChange, onClose }: Props) {
  const levels = useLevelsOfEngagement();
  const current = useTeamLevel(teamId);
  const save = useSetTeamLevel();
  const { enqueueSnackbar } = useSnackbar();
  const [choice, setChoice] = useState<number | null>(null);
  const currentId = current.data?.id ?? 1;
  const chosenId = choice ?? currentId;

  const close = () => {
    setChoice(null);
    onClose();
  };

  const submit = async () => {
    try {
      const res = await save.mutateAsync({ teamId, levelId: chosenId });
      enqueueSnackbar(res.message ?? Messages.levelUpdated, { variant: 'success' });
      close();
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="level-dialog-title">
      <DialogTitle id="level-dialog-title">Level of Engagement</DialogTitle>
      <DialogContent>
        {levels.isError && <Alert severity="error">{levels.error.message}</Alert>}
        <Box
          component="ul"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0, p: 0 }}
        >
          {levels.isPending
            ? [1, 2, 3, 4].map((i) => <Skeleton key={i} variant="rounded" height={220} />)
            : levels.data?.map((level) => (
                <LevelCard
                  key={level.id}
                  level={level}
                  current={level.id === currentId}
                  chosen={level.id === chosenId}
                  onChoose={canChange ? () => setChoice(level.id) : undefined}
                />
              ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{canChange ? 'Cancel' : 'Close'}</Button>
        {canChange && (
          <Button
            variant="contained"
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={chosenId === currentId}
          >
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
