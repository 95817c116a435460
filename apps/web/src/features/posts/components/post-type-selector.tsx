import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EmojiObjectsOutlined from '@mui/icons-material/EmojiObjectsOutlined';
import NotesRounded from '@mui/icons-material/NotesRounded';
import type { ReactElement, ReactNode } from 'react';
import { PostType, postTypesFor } from '@rally/contract';
import { useTeamsHost } from '../../../lib/teams-host';

export interface PostTypeOption {
  label: string;
  icon: ReactElement;
  /** One line under the selector saying where the post goes. */
  hint: string;
}

/**
 * The post types whose forms this feature draws, in the selector's order. The role decides which
 * of them a member is offered (contract `postTypesFor`, spec §6); check-in, team video and
 * slideshow, offered to leads, are drawn by their own features and passed in (`ExtraPostTypes`).
 */
export const POST_TYPE_OPTIONS: ReadonlyMap<number, PostTypeOption> = new Map([
  [PostType.text, { label: 'Text', icon: <NotesRounded />, hint: 'A thought, an update or a question for the team.' }],
  [
    PostType.celebration,
    {
      label: 'Announcement',
      icon: <CampaignOutlined />,
      hint: 'Celebrate a teammate or announce news. It goes on the wall of fame.',
    },
  ],
  [
    PostType.brightidea,
    {
      label: 'Bright Idea',
      icon: <EmojiObjectsOutlined />,
      hint: 'An idea to make the team’s work better. It goes on the bright ideas page.',
    },
  ],
]);

/**
 * Post types whose form another feature draws (a check-in request): the page passes them in, as
 * a feature never imports another. `render` gets the panel's "posted" callback.
 */
export interface ExtraPostType extends PostTypeOption {
  render: (onPosted: () => void) => ReactNode;
}
export type ExtraPostTypes = ReadonlyMap<number, ExtraPostType>;

/**
 * The post types a role's selector offers today: its types of the permission table that have a
 * form; inside a chat client (a Teams tab) not the engagement video, which the host's media
 * picker cannot record (spec §1).
 */
export const selectablePostTypes = (role: number, extra?: ExtraPostTypes, inChatClient = false): number[] =>
  [...POST_TYPE_OPTIONS.keys(), ...(extra?.keys() ?? [])].filter(
    (type) => postTypesFor(role).includes(type) && !(inChatClient && type === PostType.teamvideo),
  );

/** `selectablePostTypes` where the app runs now (in a Teams tab or not). */
export const useSelectablePostTypes = (role: number, extra?: ExtraPostTypes): number[] =>
  selectablePostTypes(role, extra, useTeamsHost().inHost);

const optionOf = (type: number, extra?: ExtraPostTypes) => POST_TYPE_OPTIONS.get(type) ?? extra?.get(type);

interface Props {
  role: number;
  value: number;
  onChange: (type: number) => void;
  /** Ids of the tab panels, by type, for aria-controls. */
  panelId: (type: number) => string;
  tabId: (type: number) => string;
  extra?: ExtraPostTypes;
}

/** The post type selector of the create panel (spec §2, §6). */
export function PostTypeSelector({ role, value, onChange, panelId, tabId, extra }: Props) {
  const types = useSelectablePostTypes(role, extra);
  return (
    <Tabs
      value={value}
      onChange={(_e, type: number) => onChange(type)}
      aria-label="Post type"
      variant="scrollable"
      // A lead's four types do not fit a phone: arrows say there is more instead of a cut-off name.
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{
        minHeight: 48,
        '& .MuiTabs-scrollButtons': { width: 28 },
        '& .MuiTabs-scrollButtons.Mui-disabled': { opacity: 0.3 },
        '& .MuiTab-root': { minHeight: 48, minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 }, textTransform: 'none' },
        // A phone has room for the names, not for their icons as well.
        '& .MuiTab-icon': { display: { xs: 'none', sm: 'inline-flex' } },
      }}
    >
      {types.map((type) => {
        const option = optionOf(type, extra)!;
        return (
          <Tab
            key={type}
            value={type}
            label={option.label}
            icon={option.icon}
            iconPosition="start"
            id={tabId(type)}
            aria-controls={panelId(type)}
          />
        );
      })}
    </Tabs>
  );
}
