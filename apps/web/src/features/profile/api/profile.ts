import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Endpoints, href, type BodyOf, type OwnProfileDto, type Routes, type UserProfileDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';
import { upload } from '../../../lib/upload';

/** Keeps the signed-in user of the session (top bar, menus) in step, without the profile. */
function remember(data: OwnProfileDto) {
  const { profile: _profile, ...user } = data;
  sessionStore.updateUser(user);
}

export const myProfileQuery = () =>
  queryOptions({
    queryKey: ['profile', 'me'] as const,
    queryFn: async () => {
      const { data } = await call(Endpoints.profile);
      remember(data);
      return data;
    },
  });

export const useMyProfile = () => useQuery(myProfileQuery());

/** GET user/profile/{id}: a teammate's read-only profile (404 for anyone else). */
export const userProfileQuery = (userId: number) =>
  queryOptions({
    queryKey: ['profile', 'user', userId] as const,
    queryFn: async (): Promise<UserProfileDto> => (await call(Endpoints.userProfile, { params: { id: userId } })).data,
  });

export const useUserProfile = (userId: number, enabled: boolean) => useQuery({ ...userProfileQuery(userId), enabled });

/** Every profile write answers the whole own profile: it replaces the cached one. */
function useProfileWrite<I>(write: (input: I) => Promise<{ data: OwnProfileDto; message?: string | undefined }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (res) => {
      client.setQueryData(myProfileQuery().queryKey, res.data);
      remember(res.data);
    },
  });
}

export const useUpdateAboutMe = () =>
  useProfileWrite((body: BodyOf<typeof Routes.updateAboutMe>) => call(Endpoints.updateAboutMe, { body }));
export const useUpdateBio = () =>
  useProfileWrite((body: BodyOf<typeof Routes.updateBio>) => call(Endpoints.updateBio, { body }));
export const useUpdateMood = () =>
  useProfileWrite((body: BodyOf<typeof Routes.updateMood>) => call(Endpoints.updateMood, { body }));

/** The profile's pictures and the multipart field each is sent in. */
export type ProfileImageField = 'avatar' | 'cover' | 'secondary_image_1' | 'secondary_image_2';
const IMAGE_ENDPOINT = {
  avatar: Endpoints.updateAvatar,
  cover: Endpoints.updateCover,
  secondary_image_1: Endpoints.updateFunPics,
  secondary_image_2: Endpoints.updateFunPics,
} as const;

/**
 * POSTs a cropped PNG as multipart through the client's upload (with progress), or
 * `{ field: null }` as JSON to remove the picture.
 */
export async function sendProfileImage(
  field: ProfileImageField,
  png: Blob | null,
  onProgress: (percent: number) => void = () => undefined,
): Promise<{ data: OwnProfileDto; message?: string }> {
  const endpoint = IMAGE_ENDPOINT[field];
  // The JSON form (`{ cover: null }`): every picture route answers the same own profile.
  if (!png) return call(endpoint as typeof Endpoints.updateAvatar, { body: { [field]: null } } as never);
  const form = new FormData();
  form.append(field, png, `${field}.png`);
  const answer = await upload<{ data: OwnProfileDto; message?: string }>(`/api/${href(endpoint)}`, form, {
    method: 'POST',
    onProgress,
  });
  onProgress(100);
  return { data: answer.data, ...(answer.message ? { message: answer.message } : {}) };
}

export const useProfileImage = () =>
  useProfileWrite(
    ({ field, png, onProgress }: { field: ProfileImageField; png: Blob | null; onProgress?: (p: number) => void }) =>
      sendProfileImage(field, png, onProgress),
  );

/** POST user/profile/password (decisions.md). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof Routes.changePassword>) => call(Endpoints.changePassword, { body }),
  });
}

/** POST user/profile/email: the current password; a code goes to the new address (decisions.md). */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof Routes.requestEmailChange>) => call(Endpoints.requestEmailChange, { body }),
  });
}

/** POST user/profile/email/confirm: the code; the account's e-mail changes and the profile shows it. */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof Routes.confirmEmailChange>) => call(Endpoints.confirmEmailChange, { body }),
    onSuccess: ({ data: user }) => {
      client.setQueryData(myProfileQuery().queryKey, (old) => (old ? { ...old, ...user } : old));
      sessionStore.updateUser(user);
      void client.invalidateQueries({ queryKey: myProfileQuery().queryKey });
    },
  });
}

/** GET mood?mood_group_id=1: the moods a profile may show. */
export const moodsQuery = () =>
  queryOptions({
    queryKey: ['moods', 1] as const,
    queryFn: async () => (await call(Endpoints.moods, { query: { mood_group_id: 1 } })).data,
    staleTime: Infinity,
  });
export const useMoods = () => useQuery(moodsQuery());
