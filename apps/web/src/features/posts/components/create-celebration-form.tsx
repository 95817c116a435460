import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  Limits,
  noEngagement,
  PostType,
  type CelebrationData,
  type CelebrationInput,
  type ColorDto,
  type PostDto,
  PostMessages,
} from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { useSnackbar } from '../../../lib/snackbar';
import { useCreateBrightIdea } from '../api/create-bright-idea';
import { useCreateCelebration } from '../api/create-celebration';
import { useColors } from '../api/get-colors';
import { PostBody } from './post-body';
import { ColorPicker } from './color-picker';
import { AttachmentSubmitRow, type Attachment } from '../../../components/attachment/attachment-picker';
import { CHOSEN_FILE, mediaFields, useAttachmentUpload } from '../../../components/attachment/use-attachment-upload';
import { CreateTextField } from './create-text-field';
import { TagMembersField, type TeamMembers } from '../../../components/tag-members-field';

/** The form's values: the contract's input, with the ids the form's controls hold. */
type CelebrationValues = Omit<CelebrationInput, 'color_id' | 'tag_users'> & {
  color_id: number | null;
  tag_users: number[];
};

export type ColouredPostType = typeof PostType.celebration | typeof PostType.brightidea;

const COPY = {
  [PostType.celebration]: {
    label: 'Your announcement',
    placeholder: 'Thank a teammate, share a win or announce some news',
    preview: 'Your announcement will look like this.',
    created: PostMessages.celebrationCreated,
  },
  [PostType.brightidea]: {
    label: 'Your bright idea',
    placeholder: 'An idea that would make the team’s work better',
    preview: 'Your bright idea will look like this.',
    created: PostMessages.brightIdeaCreated,
  },
} as const;

/** The first colour that is not plain white, so a new post starts colourful. */
const defaultColorId = (colors: readonly ColorDto[] | undefined) =>
  (colors?.find((c) => c.name !== 'white') ?? colors?.[0])?.id ?? null;

/** The post as the timeline will show it, for the live preview (the feed's own PostBody draws it). */
function draftPost(
  type: ColouredPostType,
  words: string,
  color: ColorDto | null,
  attachment: Attachment | null,
  tagged: { id: number; full_name: string }[],
): PostDto {
  const user = { id: 0, full_name: 'You', avatar: null };
  return {
    id: 0,
    type: type === PostType.celebration ? 'celebration' : 'brightidea',
    type_id: type,
    team_id: 0,
    team: { id: 0, name: '' },
    user,
    created_at: new Date(0).toISOString(),
    is_forwarded: false,
    original_post: null,
    data: {
      text: words,
      color,
      tagged_users: tagged,
      media: attachment?.url ?? null,
      media_type: attachment?.kind ?? null,
    },
    ...noEngagement(),
  };
}

interface Props {
  teamId: number;
  type: ColouredPostType;
  /** The team's members, for tagging (celebrations only; a bright idea has no tags). */
  members?: TeamMembers;
  onInviteMembers?: () => void;
  /** The post is on the timeline and the form is empty again. */
  onPosted?: () => void;
}

/**
 * A celebration (announcement) or a bright idea (spec §3, §5): a colour, text of 4 to 500
 * characters unless a file is attached, one .png/.jpg/.jpeg/.mp4/.mp3 file, and for a celebration
 * the members it tags. A live preview shows it as the timeline will. The file is uploaded on Post
 * (progress 0–100, then back to 0); if the post then fails, the text, colour, tags and file stay,
 * and the uploaded file is reused on the next try.
 */
export function CreateCelebrationForm({ teamId, type, members, onInviteMembers, onPosted }: Props) {
  const copy = COPY[type];
  const selfId = useSession()?.user.id ?? 0;
  const colors = useColors();
  const celebration = useCreateCelebration(teamId);
  const brightIdea = useCreateBrightIdea(teamId);
  const create = type === PostType.celebration ? celebration : brightIdea;
  const { enqueueSnackbar } = useSnackbar();

  const { control, handleSubmit, reset, setError, setValue, trigger, formState } = useForm<
    CelebrationValues,
    unknown,
    CelebrationData
  >({
    // The controls hold numbers where the schema's input is looser (coerced ids); the same check.
    resolver: formResolver((s) => s.celebrationSchema) as Resolver<CelebrationValues, unknown, CelebrationData>,
    defaultValues: { text: '', color_id: defaultColorId(colors.data), media: null, tag_users: [] },
  });
  const [text, colorId, tagIds] = useWatch({ control, name: ['text', 'color_id', 'tag_users'] });

  const attachmentUpload = useAttachmentUpload(teamId, 'team.celebration', (chosen) => {
    setValue('media', chosen ? CHOSEN_FILE : null);
    // After a first try, the text-or-file message follows the choice at once.
    if (formState.isSubmitted) void trigger('text');
  });
  const { attachment, uploaded, failed, clear } = attachmentUpload;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        color_id: values.color_id,
        text: values.text,
        ...mediaFields(await uploaded()),
        tag_users: type === PostType.celebration && values.tag_users?.length ? values.tag_users : null,
      });
      reset();
      clear();
      enqueueSnackbar(copy.created, { variant: 'success' });
      onPosted?.();
    } catch (err) {
      // The form went away; a refused attachment (expired, already used) is uploaded again next time.
      if (failed(err)) return;
      const message = applyServerErrors(err, setError, ['text', 'tag_users']);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });

  const palette = colors.data ?? [];
  const color = palette.find((c) => c.id === colorId) ?? null;
  const tagged = useMemo(
    () =>
      (members?.data ?? []).filter((m) => tagIds?.includes(m.id)).map((m) => ({ id: m.id, full_name: m.full_name })),
    [members?.data, tagIds],
  );
  const words = text?.trim() || (attachment ? '' : copy.preview);
  const busy = formState.isSubmitting;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1.5}>
      <CreateTextField
        control={control}
        name="text"
        label={copy.label}
        placeholder={copy.placeholder}
        max={Limits.textPostMax}
        minRows={2}
        disabled={busy}
      />
      <Controller
        control={control}
        name="color_id"
        render={({ field }) => (
          <ColorPicker colors={palette} value={field.value} onChange={field.onChange} disabled={busy} />
        )}
      />
      <Box role="region" aria-label="Preview" sx={{ '& img, & video': { maxHeight: 160 } }}>
        <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 2 }}>
          Preview
        </Typography>
        <PostBody post={draftPost(type, words, color, attachment, tagged)} />
      </Box>
      {type === PostType.celebration && members && (
        <Controller
          control={control}
          name="tag_users"
          render={({ field }) => (
            <TagMembersField
              members={members}
              selfId={selfId}
              value={field.value ?? []}
              onChange={field.onChange}
              onInvite={onInviteMembers}
              disabled={busy}
            />
          )}
        />
      )}
      <AttachmentSubmitRow upload={attachmentUpload} busy={busy} submitLabel="Post" />
    </Stack>
  );
}
