import type { Department } from '@portal/shared/api/settings';

export interface DepartmentNode extends Department {
  /** Absent rather than empty on a leaf, so that tree tables draw no expander for it. */
  children?: DepartmentNode[];
}

/**
 * The flat list as a tree, the default department first. A department whose parent is missing or
 * part of a cycle (impossible on a consistent server, but it must never vanish from the screen)
 * becomes a root.
 */
export function departmentTree(list: readonly Department[]): DepartmentNode[] {
  const byParent = new Map<number | null, Department[]>();
  for (const department of list) {
    const siblings = byParent.get(department.parentId);
    if (siblings) siblings.push(department);
    else byParent.set(department.parentId, [department]);
  }
  const placed = new Set<number>();
  const node = (department: Department): DepartmentNode => {
    placed.add(department.id);
    const children = childrenOf(department.id);
    return children.length > 0 ? { ...department, children } : { ...department };
  };
  const childrenOf = (parent: number | null): DepartmentNode[] =>
    (byParent.get(parent) ?? [])
      .filter((d) => !placed.has(d.id))
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
      .map(node);
  const roots = childrenOf(null);
  for (const department of list) if (!placed.has(department.id)) roots.push(node(department));
  return roots;
}

/** Each department's name with its ancestors' (`Sales / North`), for lists where the tree is not shown. */
export function departmentPaths(list: readonly Department[]): Map<number, string> {
  const byId = new Map(list.map((d) => [d.id, d]));
  const paths = new Map<number, string>();
  for (const department of list) {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let d: Department | undefined = department; d && !seen.has(d.id); d = byId.get(d.parentId ?? -1)) {
      seen.add(d.id);
      names.unshift(d.name);
    }
    paths.set(department.id, names.join(' / '));
  }
  return paths;
}

export interface DepartmentOption {
  value: number;
  title: string;
  children?: DepartmentOption[];
}

/** The tree as TreeSelect options. */
export function departmentOptions(tree: readonly DepartmentNode[]): DepartmentOption[] {
  return tree.map((d) =>
    d.children
      ? { value: d.id, title: d.name, children: departmentOptions(d.children) }
      : { value: d.id, title: d.name },
  );
}
