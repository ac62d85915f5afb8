import { Badge } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { Tag, Tags } from './tags';

/** An element's classes, data attributes, role and inline style, and the same of its children. */
interface Look {
  tag: string;
  className: string;
  attributes: string[];
  style: string[];
  children: Look[];
}

function look(element: Element): Look {
  const style = (element as HTMLElement).style;
  return {
    tag: element.tagName,
    className: element.className,
    attributes: element
      .getAttributeNames()
      .filter((name) => name.startsWith('data-') || name === 'role')
      .map((name) => `${name}=${element.getAttribute(name)}`)
      .sort(),
    style: Array.from(style, (name) => `${name}: ${style.getPropertyValue(name)}`).sort(),
    children: Array.from(element.children, look),
  };
}

describe('Tags', () => {
  it('lists each tag as it was written, under the name "Tags"', () => {
    renderScreen(<Tags tags={['exams', 'Hostel fees']} />);
    const list = screen.getByRole('list', { name: 'Tags' });
    const items = screen.getAllByRole('listitem');
    expect(list).toContainElement(items[0]!);
    expect(items.map((item) => item.textContent)).toEqual(['exams', 'Hostel fees']);
  });

  it("looks as Mantine's light grey badge would: its element, classes, variables and label", () => {
    const { container } = renderScreen(
      <>
        <Badge variant="light" color="gray" radius="sm" size="sm" tt="none" fw={500} role="listitem">
          exams
        </Badge>
        <Tag>exams</Tag>
      </>,
    );
    const [badge, tag] = container.querySelectorAll('.mantine-Badge-root');
    expect(look(tag!)).toEqual(look(badge!));
    expect(tag!.textContent).toBe('exams');
  });

  it('shows nothing without tags', () => {
    renderScreen(<Tags tags={[]} />);
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
  });
});
