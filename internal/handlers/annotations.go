package handlers

import "github.com/adjudicator/adjudicator/internal/rules"

// annotationInfo is a mark of a legal move's text that contradicts the
// move (rules.Annotate), as validate-move shows it.
type annotationInfo struct {
	Mark   string `json:"mark"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

// moveAnnotation is such a mark in an adjudicated game: the move's index
// in the request's moves and its text as submitted.
type moveAnnotation struct {
	Index  int    `json:"index"`
	Move   string `json:"move"`
	Mark   string `json:"mark"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

// annotationInfos converts the engine's annotations; nil for none.
func annotationInfos(as []rules.Annotation) []annotationInfo {
	if len(as) == 0 {
		return nil
	}
	out := make([]annotationInfo, len(as))
	for i, a := range as {
		out[i] = annotationInfo{Mark: a.Mark, Code: a.Code, Detail: a.Detail}
	}
	return out
}

// appendAnnotations adds the annotations of move i, text, of a game.
func appendAnnotations(out []moveAnnotation, i int, text string, as []rules.Annotation) []moveAnnotation {
	for _, a := range as {
		out = append(out, moveAnnotation{Index: i, Move: text, Mark: a.Mark, Code: a.Code, Detail: a.Detail})
	}
	return out
}
