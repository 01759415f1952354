import type { FastifyInstance } from 'fastify';
import { dictionary } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import * as service from './service.js';

export async function dictionaryRoutes(app: FastifyInstance) {
  const { deps } = app;
  const view = { power: 'menu:dictionary' };
  const done = () => null;

  addRoute(app, dictionary.listDictType, view, async (query) => service.listTypes(deps, query));
  addRoute(app, dictionary.insertDictType, { power: 'dict:add' }, async (input, { actor }) =>
    service.insertType(deps, input, actor),
  );
  addRoute(app, dictionary.updateDictType, { power: 'dict:edit' }, async (input, { actor }) =>
    service.updateType(deps, input, actor).then(done),
  );
  addRoute(app, dictionary.deleteDictType, { power: 'dict:delete' }, async ({ id }, { actor }) =>
    service.deleteType(deps, id, actor).then(done),
  );
  addRoute(app, dictionary.listDictItem, view, async ({ typeCode }) =>
    service.listItems(deps, typeCode),
  );
  addRoute(app, dictionary.insertDictItem, { power: 'dict:add' }, async (input, { actor }) =>
    service.insertItem(deps, input, actor),
  );
  addRoute(app, dictionary.updateDictItem, { power: 'dict:edit' }, async (input, { actor }) =>
    service.updateItem(deps, input, actor).then(done),
  );
  addRoute(app, dictionary.deleteDictItem, { power: 'dict:delete' }, async ({ id }, { actor }) =>
    service.deleteItem(deps, id, actor).then(done),
  );
}
