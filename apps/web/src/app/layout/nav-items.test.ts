import { describe, expect, it } from 'vitest';
import { activeItem, itemsFor, mainNavItems, teamNavItems, visibleItems } from './nav-items';

const team = teamNavItems(5);
const nameAt = (pathname: string) => activeItem(team, pathname)?.name;

describe('activeItem', () => {
  it('is the entry whose link the path contains, the longest winning', () => {
    expect(nameAt('/engagements/5/timeline')).toBe('Timeline');
    expect(nameAt('/engagements/5/wall-of-fame')).toBe('Wall of Fame');
    expect(nameAt('/engagements/5/watercooler')).toBe('Watercooler');
    expect(nameAt('/engagements')).toBe('My Engagements');
    expect(activeItem(mainNavItems, '/')?.name).toBe('Home');
    expect(activeItem(mainNavItems, '/dashboard')?.name).toBe('Dashboard');
  });

  it("is To-do Lists on a list's tasks, which live beside the lists' page", () => {
    expect(nameAt('/engagements/5/todo-list')).toBe('To-do Lists');
    expect(nameAt('/engagements/5/todo/12/list-task')).toBe('To-do Lists');
    // Not another team's, nor a path that only starts with the same letters.
    expect(nameAt('/engagements/51/todo/12/list-task')).toBe('My Engagements');
    expect(nameAt('/engagements/5/todos')).toBe('My Engagements');
  });

  it('reads the /teams/{id} alias as the team page it stands for', () => {
    expect(nameAt('/teams/5/todo-list')).toBe('To-do Lists');
    expect(nameAt('/teams/5/info')).toBe('Engagement Information');
  });
});

describe('itemsFor', () => {
  const names = (lead: boolean) => visibleItems(itemsFor(mainNavItems, lead)).map((i) => i.name);

  it('lists Portfolio only for a user who leads a team (issue 26)', () => {
    expect(names(true)).toEqual(['Home', 'Dashboard', 'Engagements', 'Portfolio']);
    expect(names(false)).toEqual(['Home', 'Dashboard', 'Engagements']);
    expect(activeItem(itemsFor(mainNavItems, true), '/portfolio')?.name).toBe('Portfolio');
  });
});
