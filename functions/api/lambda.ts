// The API Lambda: API Gateway invokes it for every route of the table and it dispatches on the
// route key. Handlers are loaded once per container, on first use.
import { errorResponse, requestLang, type ApiEvent, type ApiHandler, type ApiResult } from '../platform/http.js';
import { AppError } from '../core/errors.js';
import { routeKey, routes } from './routes.js';

const loaded = new Map<string, Promise<ApiHandler>>();
const byKey = new Map(routes.map((r) => [routeKey(r), r]));

export async function handler(event: ApiEvent): Promise<ApiResult> {
  const route = byKey.get(event.routeKey);
  if (!route) return errorResponse(new AppError('route_not_found'), requestLang(event), event);
  let load = loaded.get(event.routeKey);
  if (!load) {
    load = route.load();
    loaded.set(event.routeKey, load);
  }
  return (await load)(event);
}
