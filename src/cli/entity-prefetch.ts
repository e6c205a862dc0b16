import type { ApiClient } from '../api/client.js';
import { entities } from '../api/entities.js';
import { ApiError } from '../api/errors.js';
import { UsageError } from '../io/errors.js';
import { readSource, type Source } from '../batch/discover.js';
import { invoicesOf } from '../batch/run.js';
import { parseJson } from '../io/json.js';
import { toEntity } from '../io/entities.js';
import type { Entity } from '../model/types.js';
import type { PipelineEnv } from '../pipeline.js';
import { visible } from '../messages/visible.js';
import { tell as say } from './lang.js';

/**
 * The offline validation before a send needs each seller's entity record. One found neither in --entity nor in
 * .pintae/entities is read from the API (GET /oauth/entities/{id}, not saved): the record the service itself will use.
 * An entity the API does not know (404) stays unknown, and the offline validation says so.
 */
export async function withRemoteEntities(env: PipelineEnv, sources: Source[], readStdin: () => string, client: ApiClient, tell: (line: string) => void): Promise<PipelineEnv> {
  const wanted = new Set<string>();
  for (const source of sources) {
    let text: string;
    try { text = readSource(source, readStdin); } catch { continue; }
    const parsed = parseJson(text);
    if (!parsed.ok) continue;
    for (const item of invoicesOf(parsed.value).items) {
      const id = (item as { entity_id?: unknown } | null)?.entity_id;
      if (typeof id === 'string' && id.trim() && !env.findEntity(id.trim())) wanted.add(id.trim());
    }
  }
  const fetched = new Map<string, Entity>();
  for (const id of wanted) {
    try {
      fetched.set(id, toEntity({ entity_id: id, ...(await entities.get(client, id)) }, `GET /oauth/entities/${id}`));
      // The id is the input's: shown as text, never acted on by the terminal.
      tell(`pintae: ${say('cli.entity-fetched', { id: visible(id) })}\n`);
    } catch (e) {
      // An id no URL can carry ("..": api/path.ts) names no entity the API could answer for: unknown, as a 404.
      if (!(e instanceof ApiError && e.status === 404) && !(e instanceof UsageError)) throw e;
    }
  }
  if (fetched.size === 0) return env;
  return { ...env, findEntity: (id) => env.findEntity(id) ?? fetched.get(id) };
}
