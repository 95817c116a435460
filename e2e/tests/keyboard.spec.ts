import { type Locator, type Page, test as base, expect } from '@playwright/test';
import { addMember, createTextPost, openSignedIn, otherBrowserPage, signUp } from './support/api-setup.js';

/**
 * Issue 25, "every main flow done by keyboard alone, with visible focus; dialogs trap and return
 * focus; snackbars and newly arrived posts are announced by a live region". A coach signs in,
 * creates an engagement, posts, reacts, comments, requests a check-in and creates a list and a
 * task; a member answers the check-in. Only the keyboard: Tab, Shift+Tab, Enter, Space, Escape,
 * arrows and typing (page.goto stands for the address bar). Accounts are made through the API.
 */
const test = base.extend<{ memberPage: Page }>({ memberPage: otherBrowserPage });

/**
 * The focused element shows a ring: an outline or a box shadow that is drawn — on `drawnOn` where
 * the focused element is a hidden native input (a checkbox's: on its visible control).
 */
async function expectFocusVisible(target: Locator, what: string, drawnOn: Locator = target): Promise<void> {
  await expect(target, `${what} has the focus`).toBeFocused();
  const ringOf = () =>
    drawnOn.evaluate((el) => {
      const style = getComputedStyle(el);
      const drawn = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return drawn ? 'drawn' : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} / ${style.boxShadow}`;
    });
  // A control MUI marks focus-visible gets its class a render after the focus.
  await expect.poll(ringOf, { message: `${what} shows where the focus is`, timeout: 2000 }).toBe('drawn');
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused();
}

/** While `dialog` is open, Tab and Shift+Tab go round inside it. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((el) => el.contains(document.activeElement)),
        `${key} ×${i + 1} stays in the dialog`,
      ).toBe(true);
    }
  }
}

/** A snackbar is a live region (role alert) with `text`. */
const announced = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a coach signs in, creates an engagement, posts, reacts, comments, checks in and adds a task by keyboard', async ({
  page,
  memberPage,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const coach = await signUp(request, 'Kira', 'Keys');
  const member = await signUp(request, 'Milo', 'Mouse');

  await test.step('sign in', async () => {
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await tabTo(page, email);
    await page.keyboard.type(coach.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kira-Passw0rd');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await tabTo(page, signIn);
    await expectFocusVisible(signIn, 'Sign In');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  let teamId = 0;
  await test.step('create an engagement; its dialog keeps the focus and gives it back', async () => {
    await page.goto('/engagements');
    const create = page.getByRole('button', { name: 'Create Engagement' });
    await tabTo(page, create);
    await expectFocusVisible(create, 'Create Engagement');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Engagement' });
    await expect(dialog.getByRole('textbox', { name: 'Engagement Name' })).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create, 'the focus is back on the button that opened the dialog').toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Engagement Name' })).toBeFocused();
    await page.keyboard.type('Keyboard Crew');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/engagements\/\d+/);
    teamId = Number(/\/engagements\/(\d+)/.exec(page.url())![1]);
    // The member joins (through the API) before the timeline loads the team's members.
    await addMember(request, coach, teamId, member);
    await page.goto(`/engagements/${teamId}/timeline`);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  await test.step('post; the snackbar is announced', async () => {
    const opener = page.getByRole('region', { name: 'Create a post' }).getByRole('button').first();
    await tabTo(page, opener);
    await expectFocusVisible(opener, 'the create panel');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'What would you like to share?' })).toBeFocused();
    await page.keyboard.type('Typed without a mouse');
    const postButton = page.getByRole('button', { name: 'Post', exact: true });
    await tabTo(page, postButton);
    await expectFocusVisible(postButton, 'Post');
    await page.keyboard.press('Enter');
    await expect(announced(page, 'Your post is on the timeline.')).toBeVisible();
  });

  const card = page.getByRole('article').filter({ hasText: 'Typed without a mouse' });
  await test.step('react with the reaction menu', async () => {
    const react = card.getByRole('button', { name: 'React', exact: true });
    await tabTo(page, react);
    await expectFocusVisible(react, 'React');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Reactions' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(card.getByRole('button', { name: /^Your reaction: / })).toBeVisible();
  });

  await test.step('comment', async () => {
    const engage = card.getByRole('button', { name: 'Engage', exact: true });
    await tabTo(page, engage);
    await page.keyboard.press('Enter');
    const composer = card.getByRole('textbox', { name: 'Write an engagement.' });
    await expect(composer).toBeFocused();
    await page.keyboard.type('Commented by keyboard');
    const send = card.getByRole('button', { name: 'Post engagement' });
    await tabTo(page, send);
    await expectFocusVisible(send, 'Post engagement');
    await page.keyboard.press('Enter');
    await expect(card.getByText('Commented by keyboard')).toBeVisible();
    await expect(card.getByText('1 Engagement')).toBeVisible();
  });

  await test.step('a post of another member arriving live is announced', async () => {
    await createTextPost(request, member, teamId, 'Hello from the other side');
    await expect(page.getByRole('article').filter({ hasText: 'Hello from the other side' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 new post' })).toBeAttached();
  });

  await test.step('request a check-in; the member answers it by keyboard in a dialog that returns the focus', async () => {
    await page.keyboard.press('Escape');
    const opener = page.getByRole('region', { name: 'Create a post' }).getByRole('button').first();
    await tabTo(page, opener, { back: true });
    await page.keyboard.press('Enter');
    const tabs = page.getByRole('tablist', { name: 'Post type' });
    await expect(tabs).toBeVisible();
    const textTab = tabs.getByRole('tab', { selected: true });
    await tabTo(page, textTab, { back: true });
    const checkinTab = tabs.getByRole('tab', { name: 'Check-in' });
    for (let i = 0; i < 8 && !(await checkinTab.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const requestCheckin = page.getByRole('button', { name: 'Request Check-in' });
    await tabTo(page, requestCheckin);
    await expectFocusVisible(requestCheckin, 'Request Check-in');
    await page.keyboard.press('Enter');
    await expect(announced(page, 'Your check-in request is on the timeline.')).toBeVisible();

    await openSignedIn(memberPage, member, `/engagements/${teamId}/timeline`);
    const answer = memberPage
      .getByRole('article')
      .filter({ hasText: 'How is everyone feeling today?' })
      .getByRole('button', { name: 'Answer' });
    await tabTo(memberPage, answer);
    await expectFocusVisible(answer, 'Answer');
    await memberPage.keyboard.press('Enter');
    const dialog = memberPage.getByRole('dialog', { name: 'Check-in' });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(memberPage, dialog);
    await memberPage.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(answer, 'the focus is back on Answer').toBeFocused();

    await memberPage.keyboard.press('Enter');
    const happy = dialog.getByRole('radio', { name: 'Happy' });
    await tabTo(memberPage, happy);
    await expectFocusVisible(happy, 'the Happy mood');
    await memberPage.keyboard.press('Space');
    await expect(happy).toHaveAttribute('aria-checked', 'true');
    const share = dialog.getByRole('checkbox', { name: 'Share only with my coach' });
    await tabTo(memberPage, share);
    await expectFocusVisible(share, 'the Share only with my coach box', share.locator('xpath=..'));
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await tabTo(memberPage, submit);
    await memberPage.keyboard.press('Enter');
    await expect(announced(memberPage, 'Your check-in was sent to Kira Keys.')).toBeVisible();
  });

  await test.step('create a list and a task', async () => {
    await page.goto(`/engagements/${teamId}/todo-list`);
    const createList = page.getByRole('button', { name: 'Create List' });
    await tabTo(page, createList);
    await expectFocusVisible(createList, 'Create List');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Create List' }).getByLabel('List name')).toBeFocused();
    await page.keyboard.type('Keyboard plan');
    await page.keyboard.press('Enter');
    await expect(announced(page, 'Your list has been created successfully.')).toBeVisible();
    const list = page.getByRole('link', { name: /Keyboard plan/ });
    await tabTo(page, list);
    await expectFocusVisible(list, 'the list');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/todo\/\d+\/list-task$/);

    const form = page.getByRole('form', { name: 'Create task' });
    const description = form.getByLabel('Task description');
    await tabTo(page, description);
    await page.keyboard.type('Ship it without a mouse');
    const postTask = form.getByRole('button', { name: 'Post Task' });
    await tabTo(page, postTask);
    await expectFocusVisible(postTask, 'Post Task');
    await page.keyboard.press('Enter');
    await expect(announced(page, 'Your task has been posted successfully to the list.')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Ship it without a mouse' })).toBeVisible();
  });
});
