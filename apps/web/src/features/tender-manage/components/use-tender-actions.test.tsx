import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { useTenderActions } from './use-tender-actions';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => stubBrowserLayout());
afterEach(cleanup);

const tender = { id: 3, tenderNo: 'ZB-2026-000032', title: '箱式变电站年度框架协议采购' };

function Actions() {
  const actions = useTenderActions();
  return (
    <>
      <button onClick={() => actions.publish(tender)}>publish</button>
      <button onClick={() => actions.remove(tender)}>remove</button>
      <button onClick={() => actions.retender(tender)}>retender</button>
    </>
  );
}

describe('the tender action confirmations', () => {
  it('ask in Chinese punctuation: the ？ after a word, 「」 around 澄清/修改', async () => {
    renderWithApp(<Actions />);
    fireEvent.click(screen.getByText('publish'));
    // The dialog names itself with its title too.
    const [title] = await screen.findAllByText('确定发布招标 ZB-2026-000032 吗？');
    const dialog = title!.closest('.ant-modal-confirm')!;
    expect(dialog.textContent).toContain('只能通过「澄清/修改」变更');
    for (const name of ['remove', 'retender']) fireEvent.click(screen.getByText(name));
    expect(await screen.findAllByText('确定删除草稿 ZB-2026-000032 吗？')).not.toHaveLength(0);
    expect(await screen.findAllByText('确定重新招标 ZB-2026-000032 吗？')).not.toHaveLength(0);
    const text = document.querySelectorAll('.ant-modal-confirm');
    for (const d of text) expect(d.textContent).not.toMatch(/[?"“”]/);
  });
});
