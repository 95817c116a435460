import { type Locator, type Page, test as base, expect } from '@playwright/test';
import { openSignedIn, otherBrowserPage, runSuffix, setUpTeam } from './support/api-setup.js';
import { codeFrom, waitForMail } from './support/mailbox.js';

/**
 * The issue "Teams, plans, invitations and members" in the browser: a coach creates an
 * engagement and invites a new address by e-mail; that person signs up through the mailed link
 * and accepts; the coach manages the member's role; both see what their role allows, and the
 * member finally leaves (spec §2, §6, §8). The expected texts are the spec's own words, not the contract's constants, so a
 * changed message fails here.
 *
 * Auth calls are rate limited to 10 a minute per IP and route, and every browser here is
 * 127.0.0.1: this file signs up and verifies two accounts through the UI and never logs in.
 */

/** A second browser context for the invited member, closed with the test. */
const test = base.extend<{ memberPage: Page }>({ memberPage: otherBrowserPage });
const uniqueEmail = (tag: string) => `e2e-${tag}-${runSuffix()}@rally.test`;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The form field with exactly this label (a required field's label may end in "*"). */
const field = (scope: Page | Locator, label: string): Locator =>
  scope.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}[\\s*]*$`));

interface Person {
  first: string;
  last: string;
  email: string;
  password: string;
}
const fullName = (p: Person) => `${p.first} ${p.last}`;

/** Fills the sign-up form already open on `page`, verifies with the mailed code, lands signed in on `landing`. */
async function signUpAndVerify(page: Page, person: Person, landing = '/'): Promise<void> {
  await field(page, 'First Name').fill(person.first);
  await field(page, 'Last Name').fill(person.last);
  await field(page, 'Password').fill(person.password);
  await field(page, 'Confirm Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/verify-account');

  const mail = await waitForMail(person.email, { subjectIncludes: 'verification' });
  await field(page, 'Verification Code').fill(codeFrom(mail.text));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => url.pathname === landing);
  // A dialog may be open on arrival (the Join dialog of an invitation link), hiding the top bar from the accessibility tree.
  await expect(page.getByRole('button', { name: 'Account menu', includeHidden: true })).toBeVisible();
}

/** A card of the members grid on the 'Engagement Information' page. */
const memberCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name, exact: true });

/** Opens a member card's action menu and returns the menu. */
async function openMemberMenu(page: Page, name: string): Promise<Locator> {
  await memberCard(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test('a coach invites a new member by e-mail, who joins; roles decide what each may do', async ({
  page,
  memberPage,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = runSuffix();
  const coach: Person = { first: 'Cora', last: 'Coach', email: uniqueEmail('coach'), password: 'coach-Passw0rd' };
  const member: Person = { first: 'Milo', last: 'Member', email: uniqueEmail('member'), password: 'member-Passw0rd' };
  // Engagement names allow letters, digits and spaces only (spec §5).
  const teamName = `Falcons ${run}`;
  const coachName = fullName(coach);
  const memberName = fullName(member);
  let teamId = 0;

  await test.step('the coach signs up and lands signed in', async () => {
    await page.goto('/register');
    await field(page, 'Email').fill(coach.email);
    await signUpAndVerify(page, coach);
  });

  await test.step('Create Engagement opens the new team on its timeline; its information page is in the sidebar', async () => {
    await page.getByRole('button', { name: 'Create Engagement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Engagement' });
    await field(dialog, 'Engagement Name').fill(teamName);
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => /^\/engagements\/\d+\/timeline$/.test(url.pathname));
    await page.getByRole('link', { name: 'Engagement Information' }).first().click();
    await expect(page).toHaveURL((url) => /^\/engagements\/\d+\/info$/.test(url.pathname));
    teamId = Number(/\/engagements\/(\d+)\//.exec(new URL(page.url()).pathname)![1]);
    const breadcrumb = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect(breadcrumb.getByText(teamName, { exact: true })).toBeVisible();
    await expect(breadcrumb.getByText('Engagement Information', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Members (1)' })).toBeVisible();
    await expect(memberCard(page, coachName).getByText('Super Admin', { exact: true })).toBeVisible();
  });

  await test.step('the coach invites a brand-new address', async () => {
    await page.getByRole('button', { name: 'Invite Members' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Invite Team Members' })).toBeVisible();
    await expect(dialog.getByText(teamName, { exact: true })).toBeVisible();

    await field(dialog, 'Email').fill(member.email);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByRole('list', { name: 'E-mails to invite' }).getByText(member.email)).toBeVisible();
    await dialog.getByRole('button', { name: 'Send' }).click();

    await expect(page.getByText('Invitations were sent successfully', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  let inviteLink = '';
  let inviteCode = '';
  await test.step('the invitation e-mail links a new address to sign-up, on this server', async () => {
    const mail = await waitForMail(member.email, { subjectIncludes: "You're invited" });
    // A fixed subject (ADR 0021); the names people typed are in the body only.
    expect(mail.subject).toBe("You're invited to a team on Rally");
    expect(mail.text).toContain(`"${teamName}"`);
    expect(mail.text).toContain(`"${coachName}"`);
    const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(href, mail.text).toBeDefined();
    const link = new URL(href!);
    expect(link.origin).toBe(new URL(baseURL!).origin);
    expect(link.pathname).toBe('/register');
    expect(link.searchParams.get('email')).toBe(member.email);
    // After signing up, the person is sent to Join Engagement with the code filled in.
    const then = new URL(link.searchParams.get('redirect') ?? '', link.origin);
    expect(then.pathname).toBe('/engagements');
    inviteCode = then.searchParams.get('invitation_code') ?? '';
    expect(inviteCode).toMatch(/^[A-Z0-9]+$/);
    expect(mail.text).toContain(`code: ${inviteCode}`);
    inviteLink = link.toString();
  });

  await test.step('the invited person opens the link, signs up with the e-mail prefilled and verifies', async () => {
    await memberPage.goto(inviteLink);
    await expect(field(memberPage, 'Email')).toHaveValue(member.email);
    await signUpAndVerify(memberPage, member, '/engagements');
    // Verified, they land on Join Engagement with the invitation's code filled in.
    const join = memberPage.getByRole('dialog', { name: 'Join Engagement' });
    await expect(join.getByLabel('Join Code')).toHaveValue(inviteCode);
    // They may also answer from the INVITES tab instead, which this test does.
    await join.getByRole('button', { name: 'Cancel' }).click();
    await expect(join).toBeHidden();
    await expect(memberPage).toHaveURL(/\/engagements$/);
    await expect(memberPage.getByText('Currently you do not have any teams', { exact: true })).toBeVisible();
  });

  await test.step('the INVITES tab shows the invitation, and Accept joins the team', async () => {
    const panel = memberPage.getByRole('complementary', { name: 'Notifications and invites' });
    const invitesTab = panel.getByRole('tab', { name: /^INVITES/ });
    await invitesTab.click();
    await expect(invitesTab).toHaveAttribute('aria-selected', 'true');

    const invitation = panel.getByRole('listitem', { name: `Invitation to ${teamName}` });
    await expect(invitation.getByText(`${coachName} has invited you to join a team`, { exact: true })).toBeVisible();
    await expect(invitation.getByText(teamName, { exact: true })).toBeVisible();
    await invitation.getByRole('button', { name: 'Accept' }).click();

    await expect(
      memberPage.getByText(`You have accepted your invitation from ${teamName} team`, { exact: true }),
    ).toBeVisible();
    await expect(panel.getByText('There is no invitation', { exact: true })).toBeVisible();
  });

  await test.step("the team's card appears on the new member's page", async () => {
    const card = memberPage.getByRole('article', { name: teamName });
    await expect(card.getByRole('link', { name: teamName, exact: true })).toBeVisible();
    await expect(card.getByText(`Coach: ${coachName}`, { exact: true })).toBeVisible();
    await expect(card.getByRole('group', { name: '2 members' })).toBeVisible();
    // A plain member is not offered inviting from the card.
    await expect(card.getByRole('button', { name: 'Invite Members' })).toHaveCount(0);
  });

  await test.step("the coach's information page lists the new member", async () => {
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Members (2)' })).toBeVisible();
    await expect(memberCard(page, memberName).getByText('Member', { exact: true })).toBeVisible();
  });

  await test.step('the coach makes the member an Admin, then a Member again', async () => {
    const roleChanged = page.getByText(`${memberName} role has been changed.`, { exact: true });

    let menu = await openMemberMenu(page, memberName);
    await expect(menu.getByRole('menuitem', { name: 'Remove From Admin' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Make Admin' }).click();
    let confirm = page.getByRole('dialog', { name: `Make ${memberName} an Admin?` });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(roleChanged).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(memberCard(page, memberName).getByText('Admin', { exact: true })).toBeVisible();

    // The same message comes again below: let this one go first, so one snackbar is on screen.
    await expect(roleChanged).toBeHidden();

    menu = await openMemberMenu(page, memberName);
    await expect(menu.getByRole('menuitem', { name: 'Make Admin' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Remove From Admin' }).click();
    confirm = page.getByRole('dialog', { name: `Remove ${memberName} from an Admin?` });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(roleChanged).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(memberCard(page, memberName).getByText('Member', { exact: true })).toBeVisible();
  });

  await test.step("the coach's Engagement Options offer Delete Coaching", async () => {
    await page.getByRole('tab', { name: 'Engagement Options' }).click();
    await expect(page.getByRole('button', { name: 'Delete Coaching' })).toBeVisible();
  });

  await test.step('the member may leave but not manage roles, and cannot delete the coaching', async () => {
    await memberPage
      .getByRole('article', { name: teamName })
      .getByRole('link', { name: teamName, exact: true })
      .click();
    // A team card leads to the team's timeline (spec §2).
    await expect(memberPage).toHaveURL((url) => url.pathname === `/engagements/${teamId}/timeline`);
    await memberPage.getByRole('link', { name: 'Engagement Information' }).first().click();
    await expect(memberPage).toHaveURL((url) => url.pathname === `/engagements/${teamId}/info`);
    await expect(memberPage.getByRole('tab', { name: 'Members (2)' })).toBeVisible();
    await expect(memberCard(memberPage, memberName).getByText('Member', { exact: true })).toBeVisible();

    // The Super Admin's card has no menu for anyone.
    await expect(memberCard(memberPage, coachName).getByText('Super Admin', { exact: true })).toBeVisible();
    await expect(memberCard(memberPage, coachName).getByRole('button')).toHaveCount(0);

    const menu = await openMemberMenu(memberPage, memberName);
    await expect(menu.getByRole('menuitem', { name: 'Remove from Team' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Make Admin' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Remove From Admin' })).toHaveCount(0);
    await memberPage.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await memberPage.getByRole('tab', { name: 'Engagement Options' }).click();
    // The tab has loaded once Level of Engagement shows; only then is a missing button meaningful.
    await expect(memberPage.getByRole('button', { name: 'Level of Engagement' })).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Delete Coaching' })).toHaveCount(0);
  });

  await test.step('the member leaves the team from their own card', async () => {
    await memberPage.getByRole('tab', { name: 'Members (2)' }).click();
    const menu = await openMemberMenu(memberPage, memberName);
    await menu.getByRole('menuitem', { name: 'Remove from Team' }).click();
    const confirm = memberPage.getByRole('dialog', { name: `Remove ${memberName} from this team?` });
    await confirm.getByRole('button', { name: 'Yes' }).click();

    await expect(memberPage.getByText(`${memberName} has removed from the team.`, { exact: true })).toBeVisible();
    await expect(memberPage).toHaveURL((url) => url.pathname === '/engagements');
    await expect(memberPage.getByText('Currently you do not have any teams', { exact: true })).toBeVisible();
  });

  await test.step('an unknown team id sends the coach home', async () => {
    await page.goto('/engagements/999999');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('article', { name: teamName })).toBeVisible();
  });
});

test('a guest opening /engagements is sent to sign in first', async ({ page }) => {
  await page.goto('/engagements');
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '?redirect=%2Fengagements');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the owner deletes an engagement: a member looking at it is taken away; the owner restores it', async ({
  page,
  memberPage,
  request,
}) => {
  test.setTimeout(120_000);
  const teamName = `Herons ${runSuffix()}`;
  const { lead, members, team } = await setUpTeam(request, ['Olga', 'Owner'], [['Mae', 'Member']] as const, teamName);
  const [member] = members;

  await test.step('the member has the team timeline open', async () => {
    await openSignedIn(memberPage, member, `/engagements/${team.id}/timeline`);
    await expect(memberPage.getByRole('link', { name: teamName }).first()).toBeVisible();
  });

  await test.step('the owner deletes it after confirming, and is offered Undo', async () => {
    await openSignedIn(page, lead, `/engagements/${team.id}/info`);
    await page.getByRole('tab', { name: 'Engagement Options' }).click();
    await page.getByRole('button', { name: 'Delete Coaching' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Coaching Confirmation' });
    await expect(confirm).toContainText('Do you want to delete this coaching, kindly confirm.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/engagements');
    await expect(page.getByText('The coaching has been deleted.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(page.getByRole('article', { name: teamName })).toHaveCount(0);
  });

  await test.step('the member is taken to the engagements page at once and told why', async () => {
    await expect(memberPage).toHaveURL((url) => url.pathname === '/engagements');
    await expect(memberPage.getByText('This engagement has been deleted by its owner.')).toBeVisible();
    await expect(memberPage.getByRole('article', { name: teamName })).toHaveCount(0);
  });

  await test.step("the owner restores it from 'Deleted engagements'; both see it again", async () => {
    const section = page.getByRole('region', { name: 'Deleted engagements' });
    await expect(section.getByText(teamName)).toBeVisible();
    await expect(section.getByText('30 days left to restore')).toBeVisible();
    await section.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('The coaching has been restored.')).toBeVisible();
    await expect(page.getByRole('article', { name: teamName })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deleted engagements' })).toHaveCount(0);
    await expect(memberPage.getByRole('article', { name: teamName })).toBeVisible();
  });
});
