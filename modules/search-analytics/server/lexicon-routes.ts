/**
 * 自定义词典 and 同义词 of 词库分析: the portal's search lexicon (app.services.search.lexicon) listed and written. The
 * bodies are checked with the module's forms (search-lexicon-word, search-lexicon-synonym), the rules and Chinese
 * messages the dialogs show; reading needs 词库分析, writing 词库维护 (a permission of 系统管理, since every company's
 * searches share the one dictionary). A write answers once the segmenters of this instance use it.
 */
import type { FastifyInstance } from 'fastify';
import { envelope, idParams, ok, type Schema, type SearchLexicon, security } from '../../../src/server/module-api.js';
import { LEXICON_EDIT, LEXICON_VIEW } from './permissions.js';

const BASE = '/api/search-analytics/v1.0/lexicon';

const text = { type: 'string' } as const;
const wordSchema: Schema = {
  type: 'object',
  properties: { id: text, word: text, frequency: { type: 'integer' }, tag: text, updatedAt: text },
};
const groupSchema: Schema = {
  type: 'object',
  properties: { id: text, words: { type: 'array', items: text }, wordsText: text, updatedAt: text },
};
const page = (row: Schema): Schema => ({
  type: 'object',
  properties: { dataList: { type: 'array', items: row }, total: { type: 'integer' } },
});
const pageQuery = (filters: Record<string, Schema>): Schema => ({
  type: 'object',
  properties: {
    ...filters,
    pageNo: { type: 'integer', minimum: 1, default: 1, errorMessage: { minimum: '页码必须是正整数' } },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: 10,
      errorMessage: { minimum: '每页条数必须是正整数', maximum: '每页条数不能超过500' },
    },
  },
});
const wordFilter: Schema = { type: 'string', maxLength: 20, errorMessage: { maxLength: '词语不能超过20个字' } };

interface WordBody {
  word: string;
  frequency: number;
  tag: string;
}

/** A group as typed in the dialog: words between spaces, 、 or commas. */
const groupWords = (wordsText: string) => wordsText.split(/[\s、,，;；]+/).filter((word) => word !== '');

export async function lexiconRoutes(app: FastifyInstance, lexicon: SearchLexicon): Promise<void> {
  const { forms } = app.services;
  const doc = (summary: string, description: string) => ({
    tags: ['search-analytics'],
    summary,
    description,
    security,
  });
  const view = (title: string) => ({ auth: 'user' as const, permission: LEXICON_VIEW, title });
  const edit = (title: string) => ({ auth: 'user' as const, permission: LEXICON_EDIT, title });

  app.get<{ Querystring: { word?: string; tag?: string; pageNo: number; pageSize: number } }>(
    `${BASE}/words`,
    {
      config: view('自定义词典'),
      schema: {
        ...doc('The custom dictionary', '`word`: part of a word; `tag`: a part of speech. Newest changes first.'),
        querystring: pageQuery({ word: wordFilter, tag: { type: 'string', maxLength: 8 } }),
        response: { 200: envelope({ data: page(wordSchema) }) },
      },
    },
    async (request) => {
      const { word, tag, pageNo, pageSize } = request.query;
      return ok('', await lexicon.words({ word: word || undefined, tag: tag || undefined }, pageNo, pageSize));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${BASE}/words/:id`,
    {
      config: view('查看词条'),
      schema: {
        ...doc('One word', '-404 when it is not there.'),
        params: idParams,
        response: { 200: envelope({ data: wordSchema }) },
      },
    },
    async (request) => ok('', await lexicon.word(request.params.id)),
  );

  app.post(
    `${BASE}/words`,
    {
      config: edit('新增词条'),
      schema: {
        ...doc(
          'Add a word',
          'Body of the form search-lexicon-word {word, frequency, tag}; -409 when the dictionary holds it. The ' +
            'knowledge search cuts with it from the answer on (the articles are indexed again in the background).',
        ),
        body: { type: 'object' },
        response: { 200: envelope({ data: wordSchema }) },
      },
    },
    async (request) =>
      ok('保存成功', await lexicon.addWord(forms.validate<WordBody>('search-lexicon-word', request.body))),
  );

  app.put<{ Params: { id: string } }>(
    `${BASE}/words/:id`,
    {
      config: edit('修改词条'),
      schema: {
        ...doc('Change a word', 'As adding one; -404 when it is not there.'),
        params: idParams,
        body: { type: 'object' },
        response: { 200: envelope({ data: wordSchema }) },
      },
    },
    async (request) =>
      ok(
        '保存成功',
        await lexicon.updateWord(request.params.id, forms.validate<WordBody>('search-lexicon-word', request.body)),
      ),
  );

  app.delete<{ Params: { id: string } }>(
    `${BASE}/words/:id`,
    {
      config: edit('删除词条'),
      schema: {
        ...doc('Delete a word', '-404 when it is not there.'),
        params: idParams,
        response: { 200: envelope({}) },
      },
    },
    async (request) => {
      await lexicon.removeWord(request.params.id);
      return ok('删除成功');
    },
  );

  app.get<{ Querystring: { word?: string; pageNo: number; pageSize: number } }>(
    `${BASE}/synonyms`,
    {
      config: view('同义词'),
      schema: {
        ...doc('The synonym groups', '`word`: part of a word of the group. Newest changes first.'),
        querystring: pageQuery({ word: wordFilter }),
        response: { 200: envelope({ data: page(groupSchema) }) },
      },
    },
    async (request) => {
      const { word, pageNo, pageSize } = request.query;
      return ok('', await lexicon.groups({ word: word || undefined }, pageNo, pageSize));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${BASE}/synonyms/:id`,
    {
      config: view('查看同义词组'),
      schema: {
        ...doc('One synonym group', '-404 when it is not there.'),
        params: idParams,
        response: { 200: envelope({ data: groupSchema }) },
      },
    },
    async (request) => ok('', await lexicon.group(request.params.id)),
  );

  app.post(
    `${BASE}/synonyms`,
    {
      config: edit('新增同义词组'),
      schema: {
        ...doc(
          'Add a synonym group',
          'Body of the form search-lexicon-synonym {wordsText}: two or more words between spaces or 、, the ' +
            'preferred one first; -409 when a word is in another group. Searches widen by it from the answer on.',
        ),
        body: { type: 'object' },
        response: { 200: envelope({ data: groupSchema }) },
      },
    },
    async (request) => {
      const { wordsText } = forms.validate<{ wordsText: string }>('search-lexicon-synonym', request.body);
      return ok('保存成功', await lexicon.addGroup(groupWords(wordsText)));
    },
  );

  app.put<{ Params: { id: string } }>(
    `${BASE}/synonyms/:id`,
    {
      config: edit('修改同义词组'),
      schema: {
        ...doc('Change a synonym group', 'As adding one; -404 when it is not there.'),
        params: idParams,
        body: { type: 'object' },
        response: { 200: envelope({ data: groupSchema }) },
      },
    },
    async (request) => {
      const { wordsText } = forms.validate<{ wordsText: string }>('search-lexicon-synonym', request.body);
      return ok('保存成功', await lexicon.updateGroup(request.params.id, groupWords(wordsText)));
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${BASE}/synonyms/:id`,
    {
      config: edit('删除同义词组'),
      schema: {
        ...doc('Delete a synonym group', '-404 when it is not there.'),
        params: idParams,
        response: { 200: envelope({}) },
      },
    },
    async (request) => {
      await lexicon.removeGroup(request.params.id);
      return ok('删除成功');
    },
  );
}
