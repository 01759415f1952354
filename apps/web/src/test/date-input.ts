import { fireEvent, screen } from '@testing-library/react';

/** Types a date into the antd picker labelled `label` and commits it as a keyboard user would. */
export function typeDate(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}
