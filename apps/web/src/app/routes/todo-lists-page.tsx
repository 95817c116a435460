import { Box, Button, Stack } from '@mui/material';
import AddRounded from '@mui/icons-material/AddRounded';
import { useState } from 'react';
import { can } from '@rally/contract';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { paths } from '../../config/paths';
import { TodoLists } from '../../features/todos/components/todo-lists';
import { useWorkspaceTeam } from './workspace-context';
import { PageTitle } from '../../components/page-title';

const CreateListDialog = lazyDialog(() =>
  import('../../features/todos/components/create-list-dialog').then((m) => m.CreateListDialog),
);

/** A team's to-do lists (spec §2 /todo-list, also /teams/{id}/todo-list): Create List for roles 2 and 3. */
export function TodoListsPage() {
  const { team, viewer } = useWorkspaceTeam();
  const [creating, setCreating] = useState(false);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageBreadcrumbs items={[{ label: team.name, to: paths.teamHome(team.id) }, { label: 'To-do Lists' }]} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <PageTitle>To-do Lists</PageTitle>
        {can('todoList.create', viewer) && (
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
            Create List
          </Button>
        )}
      </Stack>
      <TodoLists teamId={team.id} linkTo={(listId) => paths.teamTodoTasks(team.id, listId)} />
      <CreateListDialog teamId={team.id} open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}
