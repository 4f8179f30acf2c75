import { TreeSelect, type TreeSelectProps } from 'antd';
import { type DepartmentNode, departmentOptions } from './department-tree';

type DepartmentSelectProps = Omit<TreeSelectProps<number>, 'treeData' | 'allowClear' | 'placeholder'> & {
  tree: readonly DepartmentNode[];
  /** What choosing none means; given, the choice may be cleared. */
  emptyLabel?: string;
};

/** A department picked from the company's tree, shown fully expanded. A form control: Form.Item feeds it. */
export function DepartmentSelect({ tree, emptyLabel, ...props }: DepartmentSelectProps) {
  return (
    <TreeSelect
      treeData={departmentOptions(tree)}
      treeDefaultExpandAll
      allowClear={emptyLabel !== undefined}
      placeholder={emptyLabel}
      {...props}
    />
  );
}
