import { describe, expect, it } from 'vitest';
import type { Department } from '@portal/shared/api/settings';
import { departmentPaths, departmentTree } from './department-tree';

const dept = (id: number, name: string, parentId: number | null, isDefault = false): Department => ({
  id,
  name,
  parentId,
  isDefault,
  memberCount: 0,
});

describe('department tree', () => {
  const list = [dept(2, 'Sales', null), dept(3, 'North', 2), dept(1, 'Default', null, true), dept(4, 'Lost', 99)];

  it('nests children under their parent and puts the default department first', () => {
    const tree = departmentTree(list);
    expect(tree.map((d) => d.name)).toEqual(['Default', 'Sales', 'Lost']);
    expect(tree[1]?.children?.map((d) => d.name)).toEqual(['North']);
    expect(tree[0]).not.toHaveProperty('children');
  });

  it('names each department with its ancestors', () => {
    const paths = departmentPaths(list);
    expect(paths.get(3)).toBe('Sales / North');
    expect(paths.get(4)).toBe('Lost');
  });

  it('survives a cycle in bad data', () => {
    const cyclic = [dept(1, 'A', 2), dept(2, 'B', 1)];
    const tree = departmentTree(cyclic);
    expect(tree.map((d) => d.name)).toEqual(['A']);
    expect(tree[0]?.children?.map((d) => d.name)).toEqual(['B']);
    expect(departmentPaths(cyclic).get(1)).toBe('B / A');
  });
});
