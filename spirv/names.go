package spirv

import (
	"strconv"
	"strings"
)

// friendlyNames gives ids the names spirv-dis shows by default: OpName
// names first, then names derived from BuiltIn decorations, types and
// constants, made unique with _0, _1, ... suffixes.
func friendlyNames(m *Module) map[ID]string {
	names := map[ID]string{}
	used := map[string]bool{}
	save := func(id ID, suggested string) {
		if _, ok := names[id]; ok {
			return
		}
		s := sanitize(suggested)
		name := s
		for i := 0; used[name]; i++ {
			name = s + "_" + strconv.Itoa(i)
		}
		used[name] = true
		names[id] = name
	}
	nameOf := func(id ID) string {
		if s, ok := names[id]; ok {
			return s
		}
		return strconv.FormatUint(uint64(id), 10)
	}
	for _, in := range m.Names {
		if in.Op == OpName && len(in.Operands) > 0 {
			s, _, _ := DecodeString(in.Operands[1:])
			save(ID(in.Operands[0]), s)
		}
	}
	for _, in := range m.Annotations {
		if in.Op == OpDecorate && len(in.Operands) >= 3 && Decoration(in.Operands[1]) == DecorationBuiltIn {
			b := BuiltIn(in.Operands[2])
			if s, ok := glslBuiltInNames[b]; ok {
				if s != "" {
					save(ID(in.Operands[0]), s)
				}
			} else {
				save(ID(in.Operands[0]), b.String())
			}
		}
	}
	types := map[ID]*Instruction{}
	for _, in := range m.Globals {
		ops := in.Operands
		switch in.Op {
		case OpTypeVoid:
			save(in.Result, "void")
		case OpTypeBool:
			save(in.Result, "bool")
		case OpTypeInt:
			if len(ops) == 2 {
				save(in.Result, intName(ops[0], ops[1] == 1))
			}
		case OpTypeFloat:
			if len(ops) >= 1 {
				save(in.Result, floatName(ops[0]))
			}
		case OpTypeVector:
			if len(ops) == 2 {
				save(in.Result, "v"+strconv.Itoa(int(ops[1]))+nameOf(ID(ops[0])))
			}
		case OpTypeMatrix:
			if len(ops) == 2 {
				save(in.Result, "mat"+strconv.Itoa(int(ops[1]))+nameOf(ID(ops[0])))
			}
		case OpTypeArray:
			if len(ops) == 2 {
				save(in.Result, "_arr_"+nameOf(ID(ops[0]))+"_"+nameOf(ID(ops[1])))
			}
		case OpTypeRuntimeArray:
			if len(ops) == 1 {
				save(in.Result, "_runtimearr_"+nameOf(ID(ops[0])))
			}
		case OpTypePointer:
			if len(ops) == 2 {
				save(in.Result, "_ptr_"+StorageClass(ops[0]).String()+"_"+nameOf(ID(ops[1])))
			}
		case OpTypeStruct:
			save(in.Result, "_struct_"+strconv.FormatUint(uint64(in.Result), 10))
		case OpTypeEvent:
			save(in.Result, "Event")
		case OpTypeDeviceEvent:
			save(in.Result, "DeviceEvent")
		case OpTypeReserveId:
			save(in.Result, "ReserveId")
		case OpTypeQueue:
			save(in.Result, "Queue")
		case OpTypeOpaque:
			s, _, _ := DecodeString(ops)
			save(in.Result, "Opaque_"+s)
		case OpTypePipe:
			if len(ops) == 1 {
				save(in.Result, "Pipe"+AccessQualifier(ops[0]).String())
			}
		case OpConstantTrue:
			save(in.Result, "true")
		case OpConstantFalse:
			save(in.Result, "false")
		case OpConstant:
			if t := types[in.ResultType]; t != nil && len(ops) > 0 && len(ops) <= 2 {
				v := formatNumber(t, ops)
				save(in.Result, nameOf(in.ResultType)+"_"+strings.ReplaceAll(v, "-", "n"))
			}
		}
		if in.Result != 0 && (in.Op == OpTypeInt || in.Op == OpTypeFloat) {
			types[in.Result] = in
		}
	}
	return names
}

// sanitize keeps letters, digits and '_', replacing anything else by '_'.
func sanitize(s string) string {
	if s == "" {
		return "_"
	}
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b)
}

func intName(width uint32, signed bool) string {
	var s string
	switch width {
	case 8:
		s = "char"
	case 16:
		s = "short"
	case 32:
		s = "int"
	case 64:
		s = "long"
	default:
		s = "int" + strconv.Itoa(int(width))
	}
	if !signed {
		s = "u" + s
	}
	return s
}

func floatName(width uint32) string {
	switch width {
	case 16:
		return "half"
	case 32:
		return "float"
	case 64:
		return "double"
	}
	return "fp" + strconv.Itoa(int(width))
}

// glslBuiltInNames are the GLSL spellings spirv-dis uses for built-ins.
var glslBuiltInNames = map[BuiltIn]string{
	BuiltInPosition:             "gl_Position",
	BuiltInPointSize:            "gl_PointSize",
	BuiltInClipDistance:         "gl_ClipDistance",
	BuiltInCullDistance:         "gl_CullDistance",
	BuiltInVertexId:             "gl_VertexID",
	BuiltInInstanceId:           "gl_InstanceID",
	BuiltInPrimitiveId:          "gl_PrimitiveID",
	BuiltInInvocationId:         "gl_InvocationID",
	BuiltInLayer:                "gl_Layer",
	BuiltInViewportIndex:        "gl_ViewportIndex",
	BuiltInTessLevelOuter:       "gl_TessLevelOuter",
	BuiltInTessLevelInner:       "gl_TessLevelInner",
	BuiltInTessCoord:            "gl_TessCoord",
	BuiltInPatchVertices:        "gl_PatchVertices",
	BuiltInFragCoord:            "gl_FragCoord",
	BuiltInPointCoord:           "gl_PointCoord",
	BuiltInFrontFacing:          "gl_FrontFacing",
	BuiltInSampleId:             "gl_SampleID",
	BuiltInSamplePosition:       "gl_SamplePosition",
	BuiltInSampleMask:           "gl_SampleMask",
	BuiltInFragDepth:            "gl_FragDepth",
	BuiltInHelperInvocation:     "gl_HelperInvocation",
	BuiltInNumWorkgroups:        "gl_NumWorkGroups",
	BuiltInWorkgroupSize:        "gl_WorkGroupSize",
	BuiltInWorkgroupId:          "gl_WorkGroupID",
	BuiltInLocalInvocationId:    "gl_LocalInvocationID",
	BuiltInGlobalInvocationId:   "gl_GlobalInvocationID",
	BuiltInLocalInvocationIndex: "gl_LocalInvocationIndex",
	BuiltInVertexIndex:          "gl_VertexIndex",
	BuiltInInstanceIndex:        "gl_InstanceIndex",
	BuiltInBaseInstance:         "gl_BaseInstance",
	// spirv-dis (SPIRV-Tools 2023.1) leaves these unnamed...
	BuiltInBaseVertex:  "",
	BuiltInDrawIndex:   "",
	BuiltInDeviceIndex: "",
	BuiltInViewIndex:   "",
	// ...and names these by their KHR aliases.
	BuiltInSubgroupEqMask: "SubgroupEqMaskKHR",
	BuiltInSubgroupGeMask: "SubgroupGeMaskKHR",
	BuiltInSubgroupGtMask: "SubgroupGtMaskKHR",
	BuiltInSubgroupLeMask: "SubgroupLeMaskKHR",
	BuiltInSubgroupLtMask: "SubgroupLtMaskKHR",
}
