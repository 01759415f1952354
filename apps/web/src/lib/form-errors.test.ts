import { describe, expect, it, vi } from 'vitest';
import type { FormRule } from 'antd';
import { admin, apiInterface } from '@tender/contracts';
import { ApiError } from './request';
import {
  focusFirstError,
  formNameOf,
  lazyRulesFrom,
  parseForm,
  presenceOf,
  rulesFrom,
  showServerFieldErrors,
} from './form-errors';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (rules: FormRule[]) =>
  (rules.find((r) => typeof r === 'object' && 'validator' in r) as { validator: Validator })
    .validator;
const isRequired = (rules: FormRule[]) =>
  rules.some((r) => typeof r === 'object' && 'required' in r && r.required);

const fakeForm = () => ({ setFields: vi.fn() });

describe('lazyRulesFrom', () => {
  it('marks the listed fields required before loading, and checks with the loaded schema', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      return admin.insertAdminSchema;
    };
    const rules = lazyRulesFrom(load, presenceOf(admin.insertAdminSchema));
    expect(isRequired(rules.username)).toBe(true);
    expect(isRequired(rules.phone)).toBe(false);
    expect(loads).toBe(0);
    await expect(validatorOf(rules.password)(null, 'abcdefgh')).rejects.toThrow('密码必须包含数字');
    await expect(validatorOf(rules.phone)(null, '')).resolves.toBeUndefined();
    expect(loads).toBe(1);
  });
});

describe('rulesFrom', () => {
  const rules = rulesFrom(admin.insertAdminSchema);

  it('marks fields the schema requires, and only those', () => {
    expect(isRequired(rules.username)).toBe(true);
    expect(isRequired(rules.password)).toBe(true);
    expect(isRequired(rules.phone)).toBe(false);
    expect(isRequired(rules.status)).toBe(false);
  });

  it("answers a bad value with the schema's own Chinese message", async () => {
    await expect(validatorOf(rules.password)(null, 'abcdefgh')).rejects.toThrow('密码必须包含数字');
    await expect(validatorOf(rules.phone)(null, '12345')).rejects.toThrow(
      '电话号码格式不正确（手机号或带区号的固定电话）',
    );
  });

  it('accepts a good value and leaves an empty one to the required rule', async () => {
    await expect(validatorOf(rules.email)(null, 'a@example.com')).resolves.toBeUndefined();
    await expect(validatorOf(rules.username)(null, '')).resolves.toBeUndefined();
  });
});

describe('parseForm', () => {
  it('answers the parsed values: trimmed, defaults filled, empty optionals as null', () => {
    const form = fakeForm();
    const parsed = parseForm(form, admin.insertAdminSchema, {
      username: ' zhang.san ',
      password: 'Passw0rd!',
      realName: '张三',
      roleId: 2,
      phone: '',
    });
    expect(parsed).toMatchObject({ username: 'zhang.san', status: 'enabled', phone: null });
    expect(form.setFields).not.toHaveBeenCalled();
  });

  it('keeps a cleared select as null, so a binding can be removed', () => {
    const parsed = parseForm(fakeForm(), apiInterface.updateInterfaceSchema, {
      id: 3,
      powerId: null,
    });
    expect(parsed).toEqual({ id: 3, powerId: null });
  });

  it('paints each failing field once and answers null', () => {
    const form = fakeForm();
    const parsed = parseForm(form, admin.insertAdminSchema, {
      username: 'x',
      password: 'short',
      realName: '',
      roleId: 2,
    });
    expect(parsed).toBeNull();
    const fields = form.setFields.mock.calls[0]?.[0] as { name: string; errors: string[] }[];
    expect(fields.map((f) => f.name)).toEqual(['username', 'password', 'realName']);
    expect(fields[0]?.errors).toEqual(['用户名至少 2 个字符']);
    expect(fields[1]?.errors).toHaveLength(1);
  });
});

describe('showServerFieldErrors', () => {
  it("puts a 400's field messages beside their fields", () => {
    const form = fakeForm();
    const error = new ApiError(400, 'username 已存在', {
      fields: [{ field: 'username', message: '用户名已存在' }],
    });
    expect(showServerFieldErrors(form, error)).toBe(true);
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'username', errors: ['用户名已存在'] }]);
  });

  it("puts a 409 conflict's field message beside its field, the same as a 400's", () => {
    const form = fakeForm();
    const error = new ApiError(409, '用户名 zhang.san 已存在', {
      fields: [{ field: 'username', message: '用户名 zhang.san 已存在' }],
    });
    expect(showServerFieldErrors(form, error)).toBe(true);
    expect(form.setFields).toHaveBeenCalledWith([
      { name: 'username', errors: ['用户名 zhang.san 已存在'] },
    ]);
  });

  it('points a nested path at its top-level field', () => {
    const form = fakeForm();
    const error = new ApiError(400, 'bad', {
      fields: [{ field: 'powerIds.3', message: '不存在' }],
    });
    showServerFieldErrors(form, error);
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'powerIds', errors: ['不存在'] }]);
  });

  it('answers false for errors that carry no fields', () => {
    const form = fakeForm();
    expect(showServerFieldErrors(form, new ApiError(409, '角色仍被使用'))).toBe(false);
    expect(showServerFieldErrors(form, new Error('network'))).toBe(false);
  });
});

describe('formNameOf', () => {
  it("points a path inside a list at the list row's field when the form has it", () => {
    const registered = [['title'], ['lots', 0, 'budget'], ['lots', 1, 'budget']];
    expect(formNameOf('lots.1.budget', registered)).toEqual(['lots', 1, 'budget']);
    expect(formNameOf('lots.1.name', registered)).toBe('lots');
    expect(formNameOf('title', registered)).toBe('title');
  });
});

/** A stand-in with antd's scrolling: the fields as registered, and what has an error. */
const scrollingForm = (fields: string[]) => {
  const errors = new Map<string, string[]>();
  return {
    setFields: vi.fn((list: { name: unknown; errors?: string[] }[]) =>
      list.forEach((f) => errors.set(String(f.name), f.errors ?? [])),
    ),
    getFieldsError: () =>
      fields.map((name) => ({ name: [name], errors: errors.get(name) ?? [], warnings: [] })),
    scrollToField: vi.fn(),
  };
};

describe('bringing the first error into view', () => {
  it("scrolls to and focuses the first field (in the form's order) that a 400 names", () => {
    const form = scrollingForm(['username', 'password', 'realName']);
    const error = new ApiError(400, '姓名不能为空；密码必须包含数字', {
      fields: [
        { field: 'realName', message: '姓名不能为空' },
        { field: 'password', message: '密码必须包含数字' },
      ],
    });
    showServerFieldErrors(form as never, error);
    expect(form.scrollToField).toHaveBeenCalledWith(['password'], { block: 'center', focus: true });
  });

  it('does the same when the contract refuses the values before sending', () => {
    const form = scrollingForm(['username', 'password', 'realName']);
    parseForm(form as never, admin.insertAdminSchema, { username: 'zhang', roleId: 2 });
    expect(form.scrollToField).toHaveBeenCalledWith(['password'], { block: 'center', focus: true });
  });

  it('puts a field the form keeps under another name at that field', () => {
    const form = scrollingForm(['companyName', 'qualificationFiles']);
    const error = new ApiError(400, '资质文件不存在', {
      fields: [{ field: 'qualificationFileIds.0', message: '资质文件不存在' }],
    });
    showServerFieldErrors(form as never, error, { qualificationFileIds: 'qualificationFiles' });
    expect(form.setFields).toHaveBeenCalledWith([
      { name: 'qualificationFiles', errors: ['资质文件不存在'] },
    ]);
  });

  it("orders the failing fields as they read on the page, through a control's Proxy ref", () => {
    const [upper, lower] = [document.createElement('input'), document.createElement('input')];
    document.body.append(upper, lower);
    // antd's Select hands out a Proxy of its element: instanceof passes, the DOM refuses it.
    const proxied = (element: Element) =>
      new Proxy(element, {
        get: (target, key) => (key === 'nativeElement' ? target : Reflect.get(target, key)),
      });
    const form = {
      ...scrollingForm(['invited', 'title']),
      getFieldInstance: (name: unknown) =>
        String(name) === 'title' ? proxied(upper) : proxied(lower),
    };
    form.setFields([
      { name: 'invited', errors: ['至少邀请一家'] },
      { name: 'title', errors: ['请输入招标标题'] },
    ]);
    focusFirstError(form as never);
    expect(form.scrollToField).toHaveBeenCalledWith(['title'], { block: 'center', focus: true });
    upper.remove();
    lower.remove();
  });

  it('leaves a form without errors where it is', () => {
    const form = scrollingForm(['username']);
    focusFirstError(form as never);
    expect(form.scrollToField).not.toHaveBeenCalled();
  });
});
