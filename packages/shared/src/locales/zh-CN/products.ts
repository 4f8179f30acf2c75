/** Names and short descriptions of the product catalogue, by product code. */
export default {
  esguard: { name: '储能管家', description: '储能电站的监控、调度与运维' },
  mgguard: { name: '微网管家', description: '微电网的运行监视与能量管理' },
  seop: { name: '能效优化', description: '用能分析与能效优化建议' },
  'saas-dragon-boat': { name: '龙舟', description: '能源资产的协同运营平台' },
  settcntr: { name: '设置中心', description: '成员、部门、邀请链接、企业品牌、安全与集成' },
  'saas-es-actuary': { name: '储能精算师', description: '储能项目的收益测算与方案比选' },
  esark: { name: '方舟', description: '储能设备的集中接入与数据中台' },
};
