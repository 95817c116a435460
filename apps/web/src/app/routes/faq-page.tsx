import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Link,
  Stack,
  Typography,
  type SvgIconProps,
} from '@mui/material';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import EmojiObjectsOutlined from '@mui/icons-material/EmojiObjectsOutlined';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { paths } from '../../config/paths';
import { useWorkspaceTeam } from './workspace-context';
import { PageTitle } from '../../components/page-title';

interface Section {
  id: string;
  title: string;
  summary: string;
  icon: ComponentType<SvgIconProps>;
  body: ReactNode;
}

function Questions({ items }: { items: [question: string, answer: ReactNode][] }) {
  return (
    <Stack spacing={2} component="dl" sx={{ m: 0 }}>
      {items.map(([question, answer]) => (
        <Box key={question}>
          <Typography component="dt" sx={{ fontWeight: 600, mb: 0.5 }}>
            {question}
          </Typography>
          <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
            {answer}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function sections(teamId: number): Section[] {
  const wallOfFame = (
    <Link component={RouterLink} to={paths.teamWallOfFame(teamId)}>
      Wall of Fame
    </Link>
  );
  const brightIdeas = (
    <Link component={RouterLink} to={paths.teamBrightIdeas(teamId)}>
      Bright Ideas
    </Link>
  );
  return [
    {
      id: 'recognition',
      title: 'Recognition',
      summary: 'Celebrate teammates where the whole team sees it.',
      icon: EmojiEventsOutlined,
      body: (
        <Questions
          items={[
            [
              'What is recognition in Rally?',
              'A public thank-you. When someone helps a customer, unblocks a colleague or finishes something hard, a celebration post tells the whole team, and the reactions and engagements that follow let everyone join in.',
            ],
            [
              'How do I celebrate someone?',
              'Open the panel at the top of the timeline, choose Announcement, write what happened (4 to 500 characters) or attach a photo, video or audio clip, pick a colour and tag the teammates you are celebrating. Each person you tag is named on the post.',
            ],
            [
              'Where do celebrations go?',
              <>
                On the team timeline, and they are collected on the {wallOfFame}, so the team can look back on what it
                is proud of.
              </>,
            ],
            [
              'Who can post one?',
              'Everyone in the team, whatever their role. Recognition works best when it comes from peers as well as from the coach.',
            ],
          ]}
        />
      ),
    },
    {
      id: 'announcements',
      title: 'Announcements',
      summary: 'Share news, milestones and changes with the team.',
      icon: CampaignOutlined,
      body: (
        <Questions
          items={[
            [
              'What is an announcement?',
              'A coloured post that stands out in the feed: a launch, a milestone, a new teammate, a change in plans. Announcements and celebrations are the same kind of post, so both appear on the Wall of Fame.',
            ],
            [
              'What can an announcement contain?',
              'Text of up to 500 characters, one attachment (.png, .jpg, .jpeg, .mp4 or .mp3), a background colour, and the teammates it concerns. The preview in the panel shows exactly how it will look before you post.',
            ],
            [
              'Can an announcement be removed?',
              'Yes. Its author can delete it, and so can the team’s Super Admin and Admins.',
            ],
          ]}
        />
      ),
    },
    {
      id: 'slideshow',
      title: 'Slideshow',
      summary: 'A topic from the team lead, answered with pictures.',
      icon: CollectionsOutlined,
      body: (
        <Questions
          items={[
            [
              'How does a slideshow work?',
              'A team lead (the Super Admin or an Admin) starts a slideshow with a topic, such as “Show us your desk” or “A photo from your weekend”. Each member answers with a picture (.png, .jpg or .jpeg) and a short caption.',
            ],
            [
              'How do I know who has answered?',
              'The post shows how many members have responded. The lead who started it sees each member’s status: Responded with the date, Response Awaits with a Remind button, or Not Responded once it is published.',
            ],
            [
              'What happens when it is published?',
              'Only the lead who started it can publish it. From then on the answers play together as one slideshow, a new picture every three seconds, and the slideshow can be shared with the lead’s other teams.',
            ],
          ]}
        />
      ),
    },
    {
      id: 'engagement-video',
      title: 'Engagement video',
      summary: 'A short video question, with the team’s answers in one reel.',
      icon: VideocamOutlined,
      body: (
        <Questions
          items={[
            [
              'What is an engagement video?',
              'A team lead records or uploads a short video with a topic, a question or a challenge for the team. Members answer with their own video of up to 60 seconds, recorded in the browser or uploaded as .mp4.',
            ],
            [
              'Who sees the answers?',
              'Until the video is published, the lead who started it follows who has responded, sees the response statistics and can remind those who have not. Members see how many of the team have answered.',
            ],
            [
              'What does publishing do?',
              'It closes the round: the responses are combined and play one after another on the timeline, so the whole team hears every voice.',
            ],
          ]}
        />
      ),
    },
    {
      id: 'bright-ideas',
      title: 'Bright ideas',
      summary: 'Suggestions that could make the team’s work better.',
      icon: EmojiObjectsOutlined,
      body: (
        <Questions
          items={[
            [
              'What is a bright idea?',
              'A suggestion for the team: a better way of working, something to try, a problem worth solving. Anyone in the team can post one.',
            ],
            [
              'How do I share one?',
              'Open the panel at the top of the timeline and choose Bright Idea. Write your idea (4 to 500 characters) or attach a file, and pick a colour. Bright ideas carry no tags: they belong to the whole team.',
            ],
            [
              'Where can I find them later?',
              <>
                Every bright idea is on the team timeline and on the {brightIdeas} page. React to the ones you like and
                add an engagement to build on them; a lead can share a good idea with their other teams.
              </>,
            ],
          ]}
        />
      ),
    },
  ];
}

/**
 * /engagements/{teamId}/FAQ (spec §2): what recognition, announcements, slideshows, engagement
 * videos and bright ideas are and how a team uses them, one accordion section each.
 */
export function FaqPage() {
  const { team } = useWorkspaceTeam();
  const [expanded, setExpanded] = useState<string | false>('recognition');

  return (
    <Box sx={{ maxWidth: 860, mx: 'auto' }}>
      <PageBreadcrumbs items={[{ label: team.name, to: paths.teamHome(team.id) }, { label: 'FAQ' }]} />
      <PageTitle sx={{ mb: 1 }}>Frequently asked questions</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        How {team.name} can recognise each other, share news and ideas, and answer the lead’s slideshows and engagement
        videos.
      </Typography>
      {sections(team.id).map(({ id, title, summary, icon: Icon, body }) => (
        <Accordion
          key={id}
          expanded={expanded === id}
          onChange={(_e, open) => setExpanded(open ? id : false)}
          disableGutters
          slotProps={{ heading: { component: 'h2' } }}
          sx={{ '&:first-of-type': { borderTopLeftRadius: 10, borderTopRightRadius: 10 } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreRounded />} aria-controls={`faq-${id}-content`} id={`faq-${id}`}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Icon color="primary" aria-hidden />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {summary}
                </Typography>
              </Box>
            </Stack>
          </AccordionSummary>
          <AccordionDetails id={`faq-${id}-content`} sx={{ pl: { xs: 2, sm: 7.5 }, pb: 3 }}>
            {body}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
