import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { API_VERSION, Messages, Realtime, WatercoolerLimits } from '@rally/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sqliteFileIn, type Config } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { EventConsumers } from './events/consumers.js';
import { EVENTS_CHANNEL } from './events/log.js';
import { EventTail } from './events/tail.js';
import { authenticatePlugin } from './http/authenticate.js';
import { badRequest } from './http/errors.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerMultipart } from './http/multipart.js';
import { registerUserWrites } from './http/rate-limits.js';
import { registerResponseHeaders } from './http/response-headers.js';
import { serializerCompiler } from './http/serialize.js';
import { registerSocketServer } from './http/socket-endpoint.js';
import { validatorCompiler } from './http/validate.js';
import { WorkQueue } from './queue/work-queue.js';
import { DAY } from './lib/clock.js';
import { AuthRepository } from './modules/auth/repository.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { BillingRepository } from './modules/billing/repository.js';
import { billingRoutes } from './modules/billing/routes.js';
import { BillingService } from './modules/billing/service.js';
import { registerTrialExpiry } from './modules/billing/trial-job.js';
import { createPaymentProvider, logPaymentMode } from './modules/billing/setup.js';
import { InvitationsRepository } from './modules/invitations/repository.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { InvitationsService } from './modules/invitations/service.js';
import { InviteCap } from './modules/invitations/invite-cap.js';
import { HealthRepository } from './modules/health/repository.js';
import { healthRoutes } from './modules/health/routes.js';
import { createMailer } from './modules/mail/mailer.js';
import { MembersRepository } from './modules/members/repository.js';
import { memberRoutes } from './modules/members/routes.js';
import { MembersService } from './modules/members/service.js';
import { TeamAccess } from './modules/members/team-access.js';
import { ProfileRepository } from './modules/profile/repository.js';
import { profileRoutes } from './modules/profile/routes.js';
import { ProfileService } from './modules/profile/service.js';
import { TeamCardsCache } from './modules/teams/cards-cache.js';
import { TeamPurge, registerTeamPurge } from './modules/teams/purge-job.js';
import { TeamsRepository } from './modules/teams/repository.js';
import { teamRoutes } from './modules/teams/routes.js';
import { TeamsService } from './modules/teams/service.js';
import { MediaWorker } from './modules/media/worker.js';
import { fileRoutes, uploadRoutes } from './modules/uploads/routes.js';
import { createUploads, registerUploadSweep } from './modules/uploads/setup.js';
import { createRealtime, realtimeConsumer, registerRealtimeGateway, type TeamEvents } from './realtime/index.js';
import { registerWebApp } from './http/web-app.js';
import { EngagementRepository } from './modules/engagement/repository.js';
import { EngagementService } from './modules/engagement/service.js';
import { geocodeRoutes } from './modules/geocode/routes.js';
import { GeocoderService } from './modules/geocode/service.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { PostsRepository } from './modules/posts/repository.js';
import { postRoutes } from './modules/posts/routes.js';
import { PostsService } from './modules/posts/service.js';
import { PromptPostData } from './modules/prompts/post-data.js';
import { PromptsRepository } from './modules/prompts/repository.js';
import { promptRoutes } from './modules/prompts/routes.js';
import { PromptsService } from './modules/prompts/service.js';
import { Notifier } from './modules/notifications/notifier.js';
import { NotificationsRepository } from './modules/notifications/repository.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { NotificationsService } from './modules/notifications/service.js';
import { notificationsConsumer } from './modules/notifications/consumer.js';
import { defineNotificationJobs } from './modules/notifications/jobs.js';
import { CheckinsRepository } from './modules/checkins/repository.js';
import { checkinRoutes } from './modules/checkins/routes.js';
import { CheckinsService } from './modules/checkins/service.js';
import { PortfolioRepository } from './modules/portfolio/repository.js';
import { portfolioRoutes } from './modules/portfolio/routes.js';
import { PortfolioService } from './modules/portfolio/service.js';
import { registerPortfolioJobs } from './modules/portfolio/jobs.js';
import { PushRepository } from './modules/push/repository.js';
import { pushRoutes } from './modules/push/routes.js';
import { PushService, registerPushJobs, type PushDeps } from './modules/push/service.js';
import { registerTopicPublishing } from './modules/topics/publish-job.js';
import { TopicsRepository } from './modules/topics/repository.js';
import { topicRoutes } from './modules/topics/routes.js';
import { TopicsService } from './modules/topics/service.js';
import { loadVapid } from './modules/push/vapid.js';
import { TodosRepository } from './modules/todos/repository.js';
import { todoRoutes } from './modules/todos/routes.js';
import { TodosService } from './modules/todos/service.js';
import { watercoolerRoutes } from './modules/watercooler/routes.js';
import { createWatercooler, registerWatercoolerSweep, type Watercooler } from './modules/watercooler/setup.js';
import { registerWatercoolerSocket } from './modules/watercooler/socket.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Images drawn for Rally (levels, moods, buzzes), shipped with the server. */
const ASSETS_DIR = path.resolve(here, '../assets');

declare module 'fastify' {
  interface FastifyInstance {
    /** The one durable work queue (ADR 0039); tests wait for it with `idle()`. */
    queue: WorkQueue;
    /**
     * The realtime publisher the event log's realtime consumer hands events to: delivered over the
     * realtime gateway to the team's members at delivery time (ADR 0010, 0024). Tests publish directly.
     */
    teamEvents: TeamEvents;
    /** Hands the event log to its consumers (ADR 0024, 0039); tests hold and resume it. */
    events: EventConsumers;
    /** What this process hears of the event log (ADR 0026). */
    eventTail: EventTail;
    /** This process's session cache (tests drop it to stand for its TTL passing). */
    sessions: SessionCache;
    /** This process's team cards (ADR 0018, 0026; tests clear them to stand for their TTL passing). */
    teamCards: TeamCardsCache;
    /** The job that erases engagements past their restore window (tests run it themselves). */
    teamPurge: TeamPurge;
    /** This process's worker of media conversion jobs (ADR 0027); tests wait for it with `idle()`. */
    media: MediaWorker;
    /** The watercooler's rooms and this process's room sockets (ADR 0029); tests run its sweeper. */
    watercooler: Watercooler;
  }
}

export interface AppOptions {
  config: Config;
  /** Tests pass their own database (a temp SQLite file or an isolated PostgreSQL schema). */
  db?: Db;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them); with `logger: true`. */
  logStream?: { write(line: string): void };
  /** Prefix of rate-limit keys in Redis; tests keep theirs apart. */
  rateLimitNamespace?: string;
  /** Run the periodic jobs (trial expiry…); tests call the jobs themselves. */
  schedules?: boolean;
  /** Tests: the clock of push quiet hours and the HTTPS agent that trusts their push service. */
  push?: Pick<PushDeps, 'now' | 'agent'>;
  /** Tests: how the failure guards slow down an account under attack (by default a real sleep). */
  authSlowDown?: (ms: number) => Promise<void>;
  /** Tests: start with the event dispatcher held (`app.events.resume()` lets it go). */
  holdEvents?: boolean;
}

/** Builds the whole app from its configuration; `main.ts` only listens. */
export async function buildApp({
  config,
  db: givenDb,
  logger = true,
  logStream,
  rateLimitNamespace = 'rally-rl:',
  schedules = true,
  push: pushOptions = {},
  authSlowDown,
  holdEvents = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // A request whose body never finishes is closed (Fastify's default is no limit at all).
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      // Node looks for expired requests this often (its default, 30 s, would let them overstay).
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.HEADERS_TIMEOUT_MS / 2)),
    },
  });

  const db = givenDb ?? openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: sqliteFileIn(config.DATA_DIR) });
  await migrateToLatest(db.kysely);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;

  // Everything that runs after a write or on a schedule (ADR 0039).
  const queue = new WorkQueue({
    db: db.kysely,
    dialect: db.dialect,
    log: app.log,
    periodic: schedules,
    channel: EVENTS_CHANNEL,
  });
  app.decorate('queue', queue);
  const scheduler = queue;
  const mailer = createMailer({ db: db.kysely, queue, log: app.log, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const paymentProvider = createPaymentProvider(config);
  logPaymentMode(paymentProvider, config, app.log);
  const billing = new BillingService(
    new BillingRepository(db.kysely),
    config.TRIAL_DAYS,
    paymentProvider,
    config.PUBLIC_URL,
    app.log,
  );
  const realtime = await createRealtime({ db: db.kysely, redis, channel: config.REALTIME_CHANNEL, log: app.log });
  app.decorate('teamEvents', realtime.events);
  // Bearer tokens resolved in the last SESSION_CACHE_MS; evicted by what the event tail hears (below).
  const sessions = new SessionCache(config.SESSION_CACHE_MS);
  app.decorate('sessions', sessions);
  const auth = new AuthService({
    repo: new AuthRepository(db.kysely),
    mailer,
    secret: config.APP_SECRET,
    publicUrl: config.PUBLIC_URL,
    onUserCreated: (userId, trx) => billing.startTrial(userId, trx),
    queue,
    sessions,
    sessionMaxAgeMs: config.SESSION_MAX_AGE_DAYS * DAY,
  });
  const membersRepo = new MembersRepository(db.kysely);
  const access = new TeamAccess(membersRepo);
  // Stored files: DATA_DIR/files, or an S3-compatible bucket with S3_BUCKET. `uploads` is the
  // service posts and comments claim keys with and present them by (`urlOf`).
  // The worker needs the store, so it comes after; a claim wakes it only once the app is built.
  const files = await createUploads({ config, db: db.kysely, access, log: app.log, wakeMedia: () => app.media.wake() });
  const { uploads, storage } = files;
  // Video and audio attachments converted by a durable job, at most MEDIA_JOB_CONCURRENCY at once (ADR 0027).
  const media = new MediaWorker({
    db: db.kysely,
    tools: files.tools,
    store: files.store,
    log: app.log,
    concurrency: config.MEDIA_JOB_CONCURRENCY,
    pollMs: config.MEDIA_JOB_POLL_MS,
    leaseMs: config.MEDIA_JOB_LEASE_MS,
    timeoutMs: config.MEDIA_JOB_TIMEOUT_MS,
    retryMs: config.MEDIA_JOB_RETRY_MS,
  });
  app.decorate('media', media);
  const teamsRepo = new TeamsRepository(db.kysely, membersRepo);
  // Deleted engagements past their restore window, erased with their files (ADR 0019).
  const teamPurge = new TeamPurge({
    db: db.kysely,
    repo: teamsRepo,
    uploads,
    storage,
    restoreDays: config.TEAM_RESTORE_DAYS,
  });
  app.decorate('teamPurge', teamPurge);
  const push = new PushService({
    repo: new PushRepository(db.kysely),
    access,
    vapid: loadVapid(config),
    allowedHosts: config.PUSH_SERVICE_HOSTS,
    sessionMaxAgeMs: config.SESSION_MAX_AGE_DAYS * DAY,
    log: app.log,
    ...pushOptions,
  });
  const notificationsRepo = new NotificationsRepository(db.kysely);
  const notifier = new Notifier({ repo: notificationsRepo, sink: push });
  defineNotificationJobs(queue, db.kysely, notificationsRepo);
  // The event log's consumers, each a queue of the work queue (ADR 0024, 0039).
  const events = new EventConsumers({
    db: db.kysely,
    dialect: db.dialect,
    queue,
    log: app.log,
    consumers: [realtimeConsumer(realtime.events), notificationsConsumer(notifier)],
    retentionHours: config.EVENTS_RETENTION_HOURS,
    dispatch: config.EVENTS_DISPATCH,
  });
  app.decorate('events', events);
  if (holdEvents) events.hold();
  // What this process hears of the database: it wakes the queue and evicts the kept reads (ADR 0026).
  const eventTail = new EventTail({
    db,
    log: app.log,
    pollMs: config.EVENTS_POLL_MS,
    onWake: () => queue.wake(),
  });
  app.decorate('eventTail', eventTail);
  // `session.ended` and `user.updated` evict; a kept session answers only while the log is heard.
  sessions.follow(eventTail);
  // Team cards kept per viewer until the tail hears an event that changes them (ADR 0018, 0026).
  const teamCards = new TeamCardsCache(eventTail, config.TEAM_CARDS_CACHE_MS);
  app.decorate('teamCards', teamCards);
  const teams = new TeamsService({
    repo: teamsRepo,
    cards: teamCards,
    members: membersRepo,
    access,
    billing,
    storage,
    uploads,
    restoreDays: config.TEAM_RESTORE_DAYS,
  });
  const members = new MembersService(membersRepo, access, uploads.urlOf);
  const invitations = new InvitationsService({
    repo: new InvitationsRepository(db.kysely),
    members: membersRepo,
    access,
    teams,
    mailer,
    publicUrl: config.PUBLIC_URL,
    cap: new InviteCap({
      perHour: config.LIMIT_INVITE_RECIPIENTS_PER_HOUR,
      perDay: config.LIMIT_INVITE_RECIPIENTS_PER_DAY,
      redis,
      keyPrefix: rateLimitNamespace,
    }),
  });
  const engagementRepo = new EngagementRepository(db.kysely);
  const engagement = new EngagementService(db.kysely, engagementRepo, uploads);
  const postsRepo = new PostsRepository(db.kysely, engagementRepo);
  const promptsRepo = new PromptsRepository(db.kysely);
  const posts = new PostsService({
    db: db.kysely,
    repo: postsRepo,
    members: membersRepo,
    access,
    engagement,
    comments: engagementRepo,
    attachments: uploads,
    postData: new PromptPostData(promptsRepo, uploads.urlOf),
  });
  const prompts = new PromptsService({
    db: db.kysely,
    repo: promptsRepo,
    posts: postsRepo,
    present: posts,
    access,
    uploads,
  });
  const checkins = new CheckinsService({
    repo: new CheckinsRepository(db.kysely),
    access,
    urlOf: uploads.urlOf,
  });
  // Team rooms that leave nothing behind but a post (ADR 0029): in memory, or in Redis with REDIS_URL.
  const watercooler = await createWatercooler({
    config,
    db: db.kysely,
    redis,
    access,
    uploads,
    posts: postsRepo,
    present: posts,
    tail: eventTail,
    log: app.log,
  });
  app.decorate('watercooler', watercooler);
  registerWatercoolerSweep(scheduler, watercooler.service);
  registerTrialExpiry(scheduler, billing, config.TRIAL_EXPIRY_EVERY_MS);
  registerUploadSweep(scheduler, uploads);
  registerPushJobs(scheduler, push);
  registerTeamPurge(scheduler, teamPurge, config.TEAM_PURGE_EVERY_MS);
  const topics = new TopicsService({
    db: db.kysely,
    repo: new TopicsRepository(db.kysely, engagementRepo),
    posts: postsRepo,
    access,
    urlOf: uploads.urlOf,
  });
  app.decorate('topics', topics);
  registerTopicPublishing(scheduler, topics);
  const portfolioRepo = new PortfolioRepository(db.kysely);
  const portfolio = new PortfolioService({ repo: portfolioRepo, urlOf: uploads.urlOf });
  registerPortfolioJobs(
    scheduler,
    {
      db: db.kysely,
      mailer,
      publicUrl: config.PUBLIC_URL,
      readRows: (userId) => portfolio.recentRows(userId),
      readDigestSettings: (userIds) => portfolioRepo.digestSettings(userIds),
    },
    config.PORTFOLIO_JOBS_EVERY_MS,
  );

  app.addHook('onClose', async () => {
    await queue.close(); // runs under way finish first (or are handed back)
    await media.close(); // ffmpegs killed, their jobs handed back for the next process
    await eventTail.close();
    // Room sockets are closed already (preClose): their leaving (and a room's end) finishes first.
    await watercooler.close();
    await realtime.events.close(); // sockets are closed already (preClose); deliveries under way finish
    sessions.close();
    teamCards.close();
    mailer.close();
    await db.kysely.destroy();
    await redis?.quit();
  });

  registerErrorHandler(app);
  registerResponseHeaders(app, {
    httpsPublic: config.PUBLIC_URL.startsWith('https://'),
    hstsIncludeSubdomains: config.HSTS_INCLUDE_SUBDOMAINS,
    fileOrigins: files.origins,
    frameAncestors: config.FRAME_ANCESTORS,
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: rateLimitNamespace } : {}),
  });
  // Before every other route: the WebSocket plugin must see them all (http/socket-endpoint.ts).
  await registerSocketServer(app, {
    maxPayload: Math.max(Realtime.maxMessageBytes, WatercoolerLimits.socketMessageMaxBytes),
  });
  registerRealtimeGateway(app, {
    hub: realtime.hub,
    repo: realtime.repo,
    authenticate: (token) => auth.authenticate(token),
    sessionCheckMs: config.REALTIME_SESSION_CHECK_MS,
    connectsPerMinute: config.LIMIT_REALTIME_CONNECTS_PER_MINUTE,
    messagesPerMinute: config.REALTIME_MESSAGES_PER_MINUTE,
  });
  registerWatercoolerSocket(app, watercooler.sockets);

  await registerMultipart(app);
  await app.register(fastifyStatic, { root: ASSETS_DIR, prefix: '/static/', decorateReply: false, maxAge: '7d' });
  // Stored files behind signed, expiring URLs (GET; PUT of uploads with local storage).
  await fileRoutes(app, { uploads });

  await app.register(
    async (scope) => {
      // Every route validates its input and serialises its output with the contract's schemas.
      scope.setValidatorCompiler(validatorCompiler);
      scope.setSerializerCompiler(serializerCompiler);
      const api = scope.withTypeProvider<ZodTypeProvider>();
      // A callback hook: on every API request, an async one cost a promise and a microtask.
      api.addHook('onRequest', (request, _reply, done) => {
        const version = request.headers['accept-version'];
        done(
          version !== undefined && version !== API_VERSION
            ? badRequest(Messages.unsupportedVersion, 'unsupported_version')
            : undefined,
        );
      });
      await api.register(authenticatePlugin, { resolve: (token) => auth.authenticate(token) });
      registerUserWrites(api, config.LIMIT_WRITES_PER_MINUTE);
      healthRoutes(api, { health: new HealthRepository(db.kysely) });
      authRoutes(api, {
        auth,
        redis,
        avatarUrl: uploads.urlOf,
        lock: { afterFailures: config.LOGIN_LOCK_AFTER_FAILURES, windowMinutes: config.LOGIN_LOCK_WINDOW_MINUTES },
        slowDown: authSlowDown,
        keyPrefix: rateLimitNamespace,
      });
      profileRoutes(api, {
        auth,
        profile: new ProfileService({ repo: new ProfileRepository(db.kysely), storage, uploads }),
      });
      billingRoutes(api, { billing });
      teamRoutes(api, {
        teams,
        limits: { perMinute: config.LIMIT_TEAMS_PER_MINUTE, perDay: config.LIMIT_TEAMS_PER_DAY },
      });
      memberRoutes(api, { members });
      invitationRoutes(api, { invitations });
      lookupRoutes(api);
      geocodeRoutes(api, {
        geocoder: new GeocoderService({
          baseUrl: config.GEOCODER_URL,
          userAgent: `Rally (+${config.PUBLIC_URL})`,
        }),
        perMinute: config.LIMIT_GEOCODE_PER_MINUTE,
      });
      postRoutes(api, { posts, engagement });
      promptRoutes(api, { prompts });
      todoRoutes(api, {
        todos: new TodosService({
          db: db.kysely,
          repo: new TodosRepository(db.kysely, engagementRepo),
          members: membersRepo,
          access,
          comments: engagementRepo,
          attachments: uploads,
          queue,
        }),
        engagement,
      });
      checkinRoutes(api, { checkins });
      portfolioRoutes(api, { portfolio });
      watercoolerRoutes(api, { watercooler: watercooler.service });
      topicRoutes(api, { topics });
      notificationRoutes(api, { notifications: new NotificationsService(notificationsRepo) });
      pushRoutes(api, { push });
      uploadRoutes(api, {
        uploads,
        limits: { perMinute: config.LIMIT_UPLOADS_PER_MINUTE, perDay: config.LIMIT_UPLOADS_PER_DAY },
      });
    },
    { prefix: '/api' },
  );

  registerWebApp(app, config.WEB_DIST_DIR);
  auth.defineJobs();
  await eventTail.start();
  await queue.start();
  media.start();
  return app;
}
