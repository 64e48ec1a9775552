import { describe, expect, it } from 'vitest';
import { newTopic } from '../setup/discussions';
import { newPoll, pollWorld } from '../setup/polls';
import { expectError } from '../setup/errors';

/*
 * A poll attached to a discussion topic: the topic's page lists it; only a visible topic of the
 * poll's own community can take one.
 */

describe('polls attached to a discussion topic', () => {
  it('the topic lists its polls; another community’s topic or a hidden one is refused', async () => {
    const { t, agents, community, privateCommunity } = await pollWorld();
    const now = t.clock.now();
    const topic = (await agents.amara.mutate('discussions.create', newTopic(community.id, { title: 'Where shall we hold the gala?' }))).data;
    const poll = await agents.host.mutate('polls.create', newPoll(now, community.id, { topicId: topic.id }));
    expect(poll.status, JSON.stringify(poll.error)).toBe(200);
    expect(poll.data.topicId).toBe(topic.id);

    const page = (await agents.bih.query('discussions.get', { id: topic.id })).data;
    expect(page.polls).toEqual([expect.objectContaining({ id: poll.data.id, title: 'Where shall we hold the gala?', kind: 'single', status: 'open' })]);
    expect(page.canAttachPoll).toBe(false);
    expect((await agents.host.query('discussions.get', { id: topic.id })).data.canAttachPoll).toBe(true);

    const elsewhere = (await agents.host.mutate('discussions.create', newTopic(privateCommunity.id))).data;
    const wrong = await agents.host.mutate('polls.create', newPoll(now, community.id, { topicId: elsewhere.id }));
    expect(wrong.status).toBe(400);
    expectError(wrong, 'BAD_REQUEST', 'errors.polls.topicNotFound');

    await agents.host.mutate('discussions.hideTopic', { id: topic.id, hidden: true, reason: 'Off topic' });
    expect((await agents.host.mutate('polls.create', newPoll(now, community.id, { topicId: topic.id }))).status).toBe(400);
  });
});
